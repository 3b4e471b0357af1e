import { escape } from 'mysql2';

/** A value in the driver's stored form as a MySQL literal (dates in UTC, as the connection's `timezone: 'Z'`). */
export function mysqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString().slice(0, 19).replace('T', ' ')}'`;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return escape(String(value));
}
