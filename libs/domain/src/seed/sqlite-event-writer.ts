import { EntityManager } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { EventOrganizer, EventTerm, EventVenue } from '../events/event-link.entities';
import { CalendarEvent } from '../events/event.entity';
import type { PlannedEvent } from './bulk-insert.repository';

/** The part of better-sqlite3's handle used here. */
interface Statement {
  run(...values: unknown[]): { lastInsertRowid: number | bigint };
}
interface SqliteHandle {
  prepare(sql: string): Statement;
  pragma(source: string): unknown;
}

/** One prepared INSERT per table, values in the driver's stored form (dates, booleans). */
class PreparedInsert {
  private readonly statement: Statement;
  private readonly columns: ColumnMetadata[];

  constructor(
    private readonly db: EntityManager,
    handle: SqliteHandle,
    target: Function,
  ) {
    const metadata = db.connection.getMetadata(target);
    this.columns = metadata.columns.filter((column) => !column.isGenerated);
    const names = this.columns.map((column) => `"${column.databaseName}"`).join(', ');
    this.statement = handle.prepare(`INSERT INTO "${metadata.tableName}" (${names}) VALUES (${this.columns.map(() => '?').join(', ')})`);
  }

  run(row: Record<string, unknown>): number {
    const driver = this.db.connection.driver;
    const values = this.columns.map((column) => {
      const value = row[column.propertyName] ?? column.default ?? null;
      return value === null ? null : driver.preparePersistentValue(value, column);
    });
    return Number(this.statement.run(...values).lastInsertRowid);
  }
}

/**
 * The seeder's events and links on SQLite: prepared single-row INSERTs on the connection of the
 * open write transaction (better-sqlite3 runs them without a round trip, far faster than
 * multi-row INSERTs built by TypeORM), the new IDs read from each INSERT.
 */
export function writeEventsSqlite(plans: PlannedEvent[], db: EntityManager): number[] {
  const handle = (db.connection.driver as unknown as { databaseConnection: SqliteHandle }).databaseConnection;
  // Events arrive in random start order: every index takes inserts all over its B-tree, which a
  // 2 MB page cache (the default) reads from the file again and again. 256 MB for this process.
  handle.pragma('cache_size = -262144');
  const events = new PreparedInsert(db, handle, CalendarEvent);
  const venues = new PreparedInsert(db, handle, EventVenue);
  const organizers = new PreparedInsert(db, handle, EventOrganizer);
  const terms = new PreparedInsert(db, handle, EventTerm);
  return plans.map((plan) => {
    const eventId = events.run(plan.row as Record<string, unknown>);
    plan.venueIds.forEach((venueId, position) => venues.run({ eventId, venueId, position }));
    plan.organizerIds.forEach((organizerId, position) => organizers.run({ eventId, organizerId, position }));
    for (const termId of plan.termIds) terms.run({ eventId, termId });
    return eventId;
  });
}
