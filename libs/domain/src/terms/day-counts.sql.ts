import { EntityManager } from 'typeorm';

const isSqlite = (db: EntityManager) => db.connection.options.type === 'better-sqlite3';

/** Rows per statement: well below SQLite's bound-parameter limit. */
const CHUNK = 300;

/**
 * Adds to (`add`) or raises to at least (`max`) the day counts, inserting missing rows: an atomic
 * upsert on both engines, never a read followed by a write.
 */
export async function upsertDayCounts(db: EntityManager, rows: Array<[number, string, number]>, mode: 'add' | 'max'): Promise<void> {
  const sqlite = isSqlite(db);
  const update = sqlite
    ? `ON CONFLICT (scope_id, day) DO UPDATE SET count = ${mode === 'add' ? 'count + excluded.count' : 'MAX(count, excluded.count)'}`
    : `ON DUPLICATE KEY UPDATE count = ${mode === 'add' ? 'count + VALUES(count)' : 'GREATEST(count, VALUES(count))'}`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db.query(
      `INSERT INTO event_day_counts (scope_id, day, count) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')} ${update}`,
      chunk.flat(),
    );
  }
}

/** SQL of the UTC start day (`YYYY-MM-DD`) and of the span in seconds of the event aliased `e`. */
export function daySql(db: EntityManager): { day: string; span: string } {
  return isSqlite(db)
    ? { day: 'substr(e.start_utc, 1, 10)', span: 'CAST(ROUND((julianday(e.end_utc) - julianday(e.start_utc)) * 86400) AS INTEGER)' }
    : { day: "DATE_FORMAT(e.start_utc, '%Y-%m-%d')", span: 'TIMESTAMPDIFF(SECOND, e.start_utc, e.end_utc)' };
}

/** Rebuilds `event_day_counts` from the events and their links (see TermCountsRepository). */
export async function rebuildDayCounts(db: EntityManager): Promise<void> {
  const { day, span } = daySql(db);
  const listed = `e.status = 'publish' AND e.hide_from_listings = 0`;
  await db.query('DELETE FROM event_day_counts');
  await db.query(
    `INSERT INTO event_day_counts (scope_id, day, count) SELECT 0, ${day}, COUNT(*) FROM events e WHERE ${listed} GROUP BY ${day}`,
  );
  await db.query(
    `INSERT INTO event_day_counts (scope_id, day, count) SELECT et.term_id, ${day}, COUNT(*) FROM event_terms et
     INNER JOIN events e ON e.id = et.event_id WHERE ${listed} AND (e.password IS NULL OR e.password = '') GROUP BY et.term_id, ${day}`,
  );
  await db.query(`INSERT INTO event_day_counts (scope_id, day, count) SELECT -1, 'span', COALESCE(MAX(${span}), 0) FROM events e`);
}
