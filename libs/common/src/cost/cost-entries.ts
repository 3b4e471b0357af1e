import { COST_NUMBER } from './cost-number';

/** One price in a cost: the number as written and the currency symbol written with it, if any. */
export interface CostEntry {
  number: string;
  symbol: string;
  position: 'prefix' | 'postfix' | '';
  /** Whether a space separates symbol and number ("25 €" rather than "25€"). */
  spaced: boolean;
}

type TokenKind = 'number' | 'separator' | 'symbol';

interface Token {
  kind: TokenKind;
  text: string;
  spaceBefore: boolean;
}

/** Between prices: dashes, commas, semicolons, slashes and the word "to". */
const SEPARATOR_CHARACTERS = '\\-–—,;/';
const TOKEN = new RegExp(`(${COST_NUMBER.source})|([${SEPARATOR_CHARACTERS}])|([^\\d\\s${SEPARATOR_CHARACTERS}]+)|\\s+`, 'gy');
const SEPARATOR_WORDS = new Set(['to']);

/**
 * Reads a cost written as prices with an optional currency symbol (`25`, `$25`, `25 €`,
 * `€25,50`, `10 - 20`, `$10 - $20`, `10, 20, 30 EUR`). Returns the prices in order of writing,
 * or null when the text is anything else (free text, mixed symbols, a symbol before one price and
 * after another): such a cost is shown as written.
 */
export function readCostEntries(text: string): CostEntry[] | null {
  const tokens = tokenize(text);
  const entries: CostEntry[] = [];
  let index = 0;
  while (index < tokens.length) {
    if (entries.length > 0) {
      if (tokens[index].kind !== 'separator') return null;
      index++;
    }
    const read = readEntry(tokens, index);
    if (!read) return null;
    entries.push(read.entry);
    index = read.next;
  }
  return entries.length > 0 && symbolsAgree(entries) ? entries : null;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let spaceBefore = false;
  for (const [match, number, separator, symbol] of text.matchAll(TOKEN)) {
    if (number === undefined && separator === undefined && symbol === undefined) {
      spaceBefore = true;
      continue;
    }
    const kind: TokenKind =
      number !== undefined ? 'number' : separator !== undefined || SEPARATOR_WORDS.has(match.toLowerCase()) ? 'separator' : 'symbol';
    tokens.push({ kind, text: match, spaceBefore });
    spaceBefore = false;
  }
  return tokens;
}

function readEntry(tokens: Token[], start: number): { entry: CostEntry; next: number } | null {
  const [first, second, third] = tokens.slice(start, start + 3);
  if (first?.kind === 'symbol' && second?.kind === 'number') {
    if (third?.kind === 'symbol') return null;
    return { entry: { number: second.text, symbol: first.text, position: 'prefix', spaced: second.spaceBefore }, next: start + 2 };
  }
  if (first?.kind !== 'number') return null;
  if (second?.kind === 'symbol') {
    return { entry: { number: first.text, symbol: second.text, position: 'postfix', spaced: second.spaceBefore }, next: start + 2 };
  }
  return { entry: { number: first.text, symbol: '', position: '', spaced: false }, next: start + 1 };
}

/** One symbol, always on the same side; prices without it are fine ("$10 - 20"). */
function symbolsAgree(entries: CostEntry[]): boolean {
  const marked = entries.filter((entry) => entry.symbol !== '');
  return marked.every((entry) => entry.symbol === marked[0].symbol && entry.position === marked[0].position);
}
