/**
 * Escape character for LIKE. `!` rather than a backslash, because MySQL and SQLite read a
 * backslash inside a string literal differently.
 */
export const LIKE_ESCAPE = '!';

/** A LIKE pattern matching `text` literally anywhere, with `%`, `_` and `!` escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (ch) => LIKE_ESCAPE + ch)}%`;
}

/**
 * `column` lowered for a LIKE with containsPattern. MySQL compares it byte for byte (binary
 * collation): its default collations would also equate accented letters and expansions (`ß`,
 * `ss`), which SQLite, JavaScript's lower() and the n-gram index do not; so both databases find
 * the same records, and the index of MySQL never misses one its LIKE would find.
 */
export function loweredForLike(db: { options: { type: string } }, column: string): string {
  const type = db.options.type;
  return type === 'mysql' || type === 'mariadb' ? `LOWER(${column}) COLLATE utf8mb4_bin` : `LOWER(${column})`;
}
