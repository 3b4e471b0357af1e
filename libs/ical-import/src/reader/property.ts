import { ContentLine } from './content-lines';

/** A content line read into its parts. Names are upper-cased; parameter values keep their case. */
export interface Property {
  name: string;
  /** Parameter name → its values (`MEMBER="a","b"` has two); RFC 6868 `^n`, `^'`, `^^` decoded. */
  params: Record<string, string[]>;
  /** The raw value after the first `:` outside quotes, not yet unescaped. */
  value: string;
  line: number;
}

/**
 * Reads `NAME;PARAM=value,"quoted":value`. Returns null when the line is not a content line
 * (no name, an unclosed quote, no `:`).
 *
 * Lenient where real producers are sloppy: an unquoted parameter value may contain a
 * backslash-escaped `;` or `,` (Apple writes `X-TITLE=Hauptstraße 1-5\; Linz`), and a parameter
 * without `=` is kept with an empty value.
 */
export function parseProperty({ text, line }: ContentLine): Property | null {
  let index = readName(text, 0);
  if (index === 0) return null;
  const name = text.slice(0, index).toUpperCase();
  const params: Record<string, string[]> = {};
  while (text[index] === ';') {
    const nameEnd = readName(text, index + 1);
    if (nameEnd === index + 1) return null;
    const paramName = text.slice(index + 1, nameEnd).toUpperCase();
    index = nameEnd;
    const values: string[] = [];
    if (text[index] === '=') {
      const read = readParamValues(text, index + 1, values);
      if (read === null) return null;
      index = read;
    }
    params[paramName] = [...(params[paramName] ?? []), ...(values.length > 0 ? values : [''])];
  }
  if (text[index] !== ':') return null;
  return { name, params, value: text.slice(index + 1), line };
}

/** Names are letters, digits, `-` (and `_`, which some X- names use). */
function readName(text: string, from: number): number {
  let index = from;
  while (index < text.length && isNameChar(text.charCodeAt(index))) index++;
  return index;
}

function isNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x5f
  );
}

/** Reads comma-separated values up to the next `;` or `:`; returns where it stopped, or null. */
function readParamValues(text: string, from: number, values: string[]): number | null {
  let index = from;
  for (;;) {
    if (text[index] === '"') {
      const close = text.indexOf('"', index + 1);
      if (close < 0) return null;
      values.push(decodeCaret(text.slice(index + 1, close)));
      index = close + 1;
    } else {
      let end = index;
      while (end < text.length && !',;:'.includes(text[end])) end += text[end] === '\\' ? 2 : 1;
      end = Math.min(end, text.length);
      values.push(decodeCaret(text.slice(index, end)));
      index = end;
    }
    if (text[index] !== ',') return index;
    index++;
  }
}

const CARET_ESCAPES: Record<string, string> = { n: '\n', N: '\n', "'": '"', '^': '^' };

/** RFC 6868: `^n` is a line break, `^'` a double quote, `^^` a caret; any other `^` stays. */
function decodeCaret(value: string): string {
  if (!value.includes('^')) return value;
  return value.replace(/\^([nN'^])/g, (_, char: string) => CARET_ESCAPES[char]);
}

/** A single-valued parameter as written (several comma-separated values are joined back). */
export function paramValue(property: Property, name: string): string | undefined {
  const values = property.params[name];
  return values === undefined ? undefined : values.join(',');
}

/** Property values are compared without regard to case: `VALUE=date`, `FMTTYPE=Text/HTML`. */
export function paramIs(property: Property, name: string, expected: string): boolean {
  return paramValue(property, name)?.toLowerCase() === expected.toLowerCase();
}
