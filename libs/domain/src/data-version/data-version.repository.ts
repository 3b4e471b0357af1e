import type { DataVersion } from '@app/common/http/caching/data-version-source';
import { rowLocksSupported, writeSlotOf } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DateUtils } from 'typeorm/util/DateUtils';

/** The post tables whose scheduled (`future`) records become visible at their publication instant. */
const SCHEDULED_TABLES = ['events', 'venues', 'organizers'];

const nextDueSql = (table: string) => `(SELECT MIN(published_utc) FROM ${table} WHERE status = 'future' AND published_utc > ?)`;

/** Everything a read's answer depends on besides the request, and whether scheduled events await publishing. */
const CURRENT_SQL = `SELECT (SELECT COALESCE(SUM(version), 0) FROM data_versions) AS version, ${SCHEDULED_TABLES.map(
  (table, i) => `${nextDueSql(table)} AS due${i}`,
).join(', ')}, EXISTS (SELECT 1 FROM events WHERE status = 'future' AND published_utc <= ?) AS events_due`;

/** The same, and whether an endless series' occurrences end before the growth target (one lookup on IDX_events_materialized). */
const CURRENT_WITH_SERIES_SQL = `${CURRENT_SQL}, EXISTS (SELECT 1 FROM events WHERE materialized_until < ?) AS series_due`;

// The shape is the HTTP caching's (libs/common), which this repository serves through DATA_VERSION_SOURCE.
export type { DataVersion } from '@app/common/http/caching/data-version-source';

const asText = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);

/**
 * The data version every instance sees (README, HTTP caching and preconditions): raised in the transaction of
 * every write, read in one query per request. It lives in the database, never only in a process.
 */
@Injectable()
export class DataVersionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Raises the version by one inside `db`'s transaction; the last statement before the commit, so the row is held briefly. */
  async bump(db: EntityManager): Promise<void> {
    const sql = rowLocksSupported(db)
      ? 'INSERT INTO data_versions (slot, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1'
      : 'INSERT INTO data_versions (slot, version) VALUES (?, 1) ON CONFLICT (slot) DO UPDATE SET version = version + 1';
    await db.query(sql, [writeSlotOf(db)]);
  }

  /**
   * The version, the next instants a scheduled record becomes due (an answer changes then without
   * a write) and whether an event is due and unpublished, in one query. `now` is the request's instant.
   * With `growthTarget` (seriesGrowthTarget at `now`), also whether an endless series awaits growth.
   */
  async current(now: Date, db: EntityManager = this.dataSource.manager, growthTarget?: Date): Promise<DataVersion> {
    const at = this.instant(now, db);
    const parameters = [...SCHEDULED_TABLES.map(() => at), at];
    const sql = growthTarget ? CURRENT_WITH_SERIES_SQL : CURRENT_SQL;
    if (growthTarget) parameters.push(this.instant(growthTarget, db));
    const rows: Array<Record<string, unknown>> = await db.query(sql, parameters);
    const row = rows[0] ?? {};
    const seriesDue = Number(row.series_due) === 1;
    const due = SCHEDULED_TABLES.map((_t, i) => asText(row[`due${i}`]));
    return {
      version: asText(row.version),
      nextDue: (seriesDue ? [...due, 'grow'] : due).join('|'),
      eventsDue: Number(row.events_due) === 1,
      seriesDue,
    };
  }

  /** `now` as the query builder binds it: SQLite stores datetimes as TypeORM's UTC text. */
  private instant(now: Date, db: EntityManager): Date | string {
    return rowLocksSupported(db) ? now : DateUtils.mixedDateToUtcDatetimeString(now);
  }
}
