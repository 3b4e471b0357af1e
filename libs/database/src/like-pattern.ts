/**
 * Escape character for LIKE. `!` rather than a backslash, because MySQL and SQLite read a
 * backslash inside a string literal differently.
 */
export const LIKE_ESCAPE = '!';

/** A LIKE pattern matching `text` literally anywhere, with `%`, `_` and `!` escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (ch) => LIKE_ESCAPE + ch)}%`;
}
