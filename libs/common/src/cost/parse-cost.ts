import { CostDetails } from './cost-details.dto';
import { CostEntry, readCostEntries } from './cost-entries';
import { COST_NUMBER, normaliseCostNumber } from './cost-number';

/** The `cost` and `cost_details` fields of an event. */
interface CostFields {
  cost: string;
  cost_details: CostDetails;
}

/** What a zero lowest price shows as. */
const FREE_COST_LABEL = 'Free';
/** Between the lowest and the highest price, as the original plugin writes it. */
const COST_RANGE_SEPARATOR = ' – ';

const ALL_NUMBERS = new RegExp(COST_NUMBER.source, 'g');

/**
 * The display string and details of a cost as given (a string, a number, or a list of them, which
 * reads like the comma-separated string).
 *
 * A cost made of prices and one currency symbol shows its lowest price, or the range
 * "<lowest> – <highest>", each with the symbol on the side it was given and with the spacing it
 * was given ("$10 – $20", "10 € – 20 €", "€25,50"); numbers keep their written form; a zero lowest
 * price shows as "Free" ("Free – $20").
 * Any other text ("Free", "Donation", "From 10 to 20 EUR") shows as written, without a symbol,
 * and lists the numbers it contains in `values`. An empty cost is "" with no values.
 */
export function parseCost(input: unknown): CostFields {
  const text = costText(input);
  const entries = readCostEntries(text);
  const priced = entries && pricedEntries(entries);
  return priced ? pricedCost(priced) : freeTextCost(text);
}

function costText(input: unknown): string {
  if (Array.isArray(input)) return input.map(costText).filter(Boolean).join(', ');
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : '';
  return typeof input === 'string' ? input.trim() : '';
}

interface PricedEntry extends CostEntry {
  value: string;
}

function pricedEntries(entries: CostEntry[]): PricedEntry[] | null {
  const priced: PricedEntry[] = [];
  for (const entry of entries) {
    const value = normaliseCostNumber(entry.number);
    if (value === null) return null;
    priced.push({ ...entry, value });
  }
  return priced;
}

function pricedCost(entries: PricedEntry[]): CostFields {
  const marked = entries.find((entry) => entry.symbol !== '');
  const byValue = new Map<string, PricedEntry>();
  for (const entry of entries) if (!byValue.has(entry.value)) byValue.set(entry.value, entry);
  const ascending = [...byValue.values()].sort((a, b) => Number(a.value) - Number(b.value));
  const shown = [ascending[0], ascending[ascending.length - 1]]
    .filter((entry, index, pair) => index === 0 || entry !== pair[0])
    .map((entry) => displayPrice(entry, marked));
  return {
    cost: shown.join(COST_RANGE_SEPARATOR),
    cost_details: {
      currency_symbol: marked?.symbol ?? '',
      currency_code: '',
      currency_position: marked?.position ?? '',
      values: ascending.map((entry) => entry.value),
    },
  };
}

function displayPrice(entry: PricedEntry, marked: CostEntry | undefined): string {
  if (Number(entry.value) === 0) return FREE_COST_LABEL;
  if (!marked) return entry.number;
  const gap = marked.spaced ? ' ' : '';
  return marked.position === 'prefix' ? `${marked.symbol}${gap}${entry.number}` : `${entry.number}${gap}${marked.symbol}`;
}

function freeTextCost(text: string): CostFields {
  const values = [...text.matchAll(ALL_NUMBERS)]
    .map(([number]) => normaliseCostNumber(number))
    .filter((value): value is string => value !== null);
  return {
    cost: text,
    cost_details: {
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: [...new Set(values)].sort((a, b) => Number(a) - Number(b)),
    },
  };
}
