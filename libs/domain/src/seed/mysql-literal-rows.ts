import { mysqlLiteral } from '@app/database';
import { EntityManager, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** Rows per INSERT: 500 events are a statement of about 1 MB, below max_allowed_packet (16 MB). */
const ROWS_PER_INSERT = 500;

/**
 * Multi-row INSERTs on MySQL/MariaDB written as literals: TypeORM's insert builder binds each of
 * the 12,000 values of a 500-event statement as a named parameter and looks each name up again
 * (about half of a seed's CPU); the values here go through the driver's own conversion
 * (preparePersistentValue) and are escaped once.
 */
export async function insertLiteralRows<E extends ObjectLiteral>(target: Function, rows: E[], db: EntityManager): Promise<void> {
  const metadata = db.connection.getMetadata(target);
  const columns: ColumnMetadata[] = metadata.columns.filter((column) => !column.isGenerated && !column.isVirtualProperty);
  const names = columns.map((column) => `\`${column.databaseName}\``).join(', ');
  const driver = db.connection.driver;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => {
      const record = row as Record<string, unknown>;
      const fields = columns.map((column) => {
        const value = record[column.propertyName] ?? column.default ?? null;
        return mysqlLiteral(value === null ? null : driver.preparePersistentValue(value, column));
      });
      return `(${fields.join(', ')})`;
    });
    await db.query(`INSERT INTO \`${metadata.tableName}\` (${names}) VALUES ${values.join(', ')}`);
  }
}
