const TEXT_ESCAPES: Record<string, string> = { n: '\n', N: '\n', '\\': '\\', ';': ';', ',': ',' };

/**
 * A TEXT value unescaped: `\n` and `\N` are line breaks, `\\`, `\;` and `\,` the characters
 * themselves. Producers also escape characters that need no escaping (`\:`, `\"`): the backslash
 * is dropped there too. A backslash at the very end stays.
 */
export function unescapeText(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\([\s\S])/g, (_, char: string) => TEXT_ESCAPES[char] ?? char);
}

/**
 * A list value split on the separators that are not escaped, each part unescaped: with `,`,
 * `CATEGORIES:a,b\,c` gives `['a', 'b,c']`; with `;`, `GEO:1.5;2.5` gives `['1.5', '2.5']`.
 */
export function splitUnescaped(raw: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < raw.length; index++) {
    if (raw[index] === '\\') index++;
    else if (raw[index] === separator) {
      parts.push(raw.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts.map(unescapeText);
}

/** One line of plain text: control characters (line breaks included) become spaces; trimmed. */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
}
