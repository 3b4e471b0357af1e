import { format } from 'mysql2';

/** The part of a mysql2 connection its `queryFormat` option is called on. */
interface FormattingConnection {
  config: { stringifyObjects?: boolean };
}

/**
 * mysql2's `queryFormat`: its own substitution of `?` values, except for a statement sent without
 * values, which it would scan for placeholders (every quoted string, character by character)
 * only to send it unchanged. A bulk load's statements are megabytes of literals: the scan was
 * about a second of CPU per 100,000 events.
 */
export function formatUnlessBare(this: FormattingConnection, sql: string, values: unknown, timezone?: string): string {
  if (values === undefined || values === null || (Array.isArray(values) && values.length === 0)) return sql;
  return format(sql, values as Parameters<typeof format>[1], this.config.stringifyObjects, timezone as Parameters<typeof format>[3]);
}
