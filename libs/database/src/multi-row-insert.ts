import { escape, SqlValue, Timezone } from 'mysql2';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** Bound parameters per statement: well below SQLite's 32,766 and MySQL's 65,535. */
const MAX_PARAMETERS = 8_000;

/**
 * Multi-row INSERTs of entity rows (by property name) in statements of up to MAX_PARAMETERS
 * values, each value in the driver's stored form, as TypeORM would write it. TypeORM's own insert
 * builder checks every new parameter name against all earlier ones, which makes a statement of
 * n rows cost O(n²): 700 event rows took it about 150 ms of CPU, this a few. A row's missing
 * property takes the column's default; generated columns (the ID) are written only when `withIds`.
 */
export async function insertRowsRaw<E extends ObjectLiteral>(
  db: EntityManager,
  target: EntityTarget<E>,
  rows: Array<Record<string, unknown>>,
  { withIds = false } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = db.connection.getMetadata(target);
  const driver = db.connection.driver;
  const columns = metadata.columns.filter((column) => withIds || !column.isGenerated);
  const names = columns.map((column) => driver.escape(column.databaseName)).join(', ');
  const rowMarks = `(${columns.map(() => '?').join(', ')})`;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  // Rows often share most values (occurrences copy their series): each is converted once per column.
  const previous = columns.map(() => ({ given: undefined as unknown, stored: undefined as unknown, set: false }));
  const convert = (row: Record<string, unknown>, column: ColumnMetadata, i: number): unknown => {
    const given = row[column.propertyName];
    const last = previous[i];
    if (last.set && last.given === given) return last.stored;
    Object.assign(last, { given, stored: storedValue(db, column, row), set: true });
    return last.stored;
  };
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.flatMap((row) => columns.map((column, i) => convert(row, column, i)));
    await db.query(`INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${chunk.map(() => rowMarks).join(', ')}`, values);
  }
}

/**
 * MySQL/MariaDB: rows of a table as the literal `(...)` tuples of a multi-row INSERT, each value
 * as insertRowsRaw binds it (stored form, a missing property's default) and escaped as the
 * driver escapes a bound value (mysql2's escape with the connection's time zone): the same
 * statement insertRowsRaw sends, but built where the caller likes, e.g. before its transaction,
 * and without the driver scanning the SQL for placeholders.
 */
export class MysqlRowLiterals {
  /** The column list, `(a, b, c)`, in the order of each tuple. */
  readonly names: string;
  readonly table: string;
  private readonly columns: ColumnMetadata[];
  private readonly timezone: Timezone | undefined;
  private readonly connection: EntityManager;
  /** Per column, the last value given and its literal: rows often share most values. */
  private readonly previous: Array<{ given: unknown; literal: string }>;

  constructor(source: DataSource | EntityManager, target: EntityTarget<ObjectLiteral>) {
    this.connection = 'connection' in source ? source : source.manager;
    const { driver } = this.connection.connection;
    const metadata = this.connection.connection.getMetadata(target);
    this.columns = metadata.columns.filter((column) => !column.isGenerated);
    this.names = `(${this.columns.map((column) => driver.escape(column.databaseName)).join(', ')})`;
    this.table = driver.escape(metadata.tableName);
    this.timezone = (this.connection.connection.options as { timezone?: Timezone }).timezone;
    this.previous = this.columns.map(() => ({ given: {}, literal: '' }));
  }

  /** The row's tuple, a flat string (joined, not concatenated: the INSERT that joins many need not flatten each). */
  tuple(row: Record<string, unknown>): string {
    const literals = new Array<string>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) {
      const column = this.columns[i];
      const given = row[column.propertyName];
      const last = this.previous[i];
      if (last.given !== given) {
        last.given = given;
        last.literal = escape(storedValue(this.connection, column, row) as SqlValue, false, this.timezone);
      }
      literals[i] = last.literal;
    }
    literals[0] = `(${literals[0]}`;
    literals[literals.length - 1] += ')';
    return literals.join(', ');
  }
}

function storedValue(db: EntityManager, column: ColumnMetadata, row: Record<string, unknown>): unknown {
  const given = row[column.propertyName];
  const value = given === undefined ? defaultOf(column) : given;
  return value === null || value === undefined ? null : db.connection.driver.preparePersistentValue(value, column);
}

/** The column's default as TypeORM writes it when a row leaves the property out (constants only here). */
function defaultOf(column: ColumnMetadata): unknown {
  const fallback: unknown = column.default;
  return typeof fallback === 'function' ? undefined : fallback;
}
