/** Term names are at most 200 characters; the key has room for the `#id` a legacy duplicate got. */
export const TERM_NAME_KEY_LENGTH = 212;

/**
 * A term's name as uniqueness compares it: lower-cased as JavaScript does, the same fold SQLite's
 * `lower()` gets in this app (build-data-source-options) and that MySQL's case-insensitive
 * collation applies (which also equates accents when it compares the stored keys).
 */
export function termNameKey(name: string): string {
  return name.toLowerCase().slice(0, TERM_NAME_KEY_LENGTH);
}
