import { Table, TableColumnOptions } from 'typeorm';

/**
 * A table of integer counters under a primary key: the key columns, then `counter` (integer, 0 by
 * default). Shared by migrations that create one (write_locks, data_versions, event_day_counts);
 * it builds the same Table each of them wrote out before, so their SQL is unchanged.
 */
export function counterTable(name: string, keys: TableColumnOptions[], counter: string): Table {
  return new Table({
    name,
    columns: [...keys.map((key) => ({ ...key, isPrimary: true })), { name: counter, type: 'integer', default: 0 }],
  });
}
