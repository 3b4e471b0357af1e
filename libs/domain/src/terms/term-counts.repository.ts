import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** SQL recomputing the stored count of the term aliased `terms` from the link rows (published events only). */
const RECOUNT_SQL = `(SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish')`;

/**
 * The published-event count kept on each term row, as WordPress keeps `term_taxonomy.count`: a
 * list reads it instead of counting link rows on every request. Every change of an event's terms
 * or status notes its deltas here during the write transaction; `flush` applies them at its end
 * with `count = count + ?` (never read-modify-write: concurrent writers and Galera nodes add up,
 * and the term rows are locked only for the last statements of the transaction).
 *
 * What counts is an event stored as `publish`; a `future` event counts once DueEventsPublisher
 * has flipped it, which every read of counts makes happen first.
 */
@Injectable()
export class TermCountsRepository {
  /** Deltas per open transaction (each has its own EntityManager; a retried one starts afresh). */
  private readonly pending = new WeakMap<EntityManager, Map<number, number>>();

  constructor(private readonly dataSource: DataSource) {}

  /** The terms an event counts for as it is stored now: all of them when published, none otherwise. */
  async countedTermsOf(eventId: number, db: EntityManager): Promise<number[]> {
    const rows = await db
      .createQueryBuilder()
      .select('et.term_id', 'termId')
      .from('event_terms', 'et')
      .innerJoin('events', 'e', 'e.id = et.event_id')
      .where('et.event_id = :eventId', { eventId })
      .andWhere(`e.status = 'publish'`)
      .getRawMany<{ termId: number | string }>();
    return rows.map((row) => Number(row.termId));
  }

  /** Whether the event is stored as published (its links count). */
  async isCounted(eventId: number, db: EntityManager): Promise<boolean> {
    const row = await db
      .createQueryBuilder()
      .select('e.status', 'status')
      .from('events', 'e')
      .where('e.id = :eventId', { eventId })
      .getRawOne<{ status: string }>();
    return row?.status === 'publish';
  }

  /** Adds `delta` to each term's pending change in this transaction. */
  note(db: EntityManager, termIds: number[], delta: number): void {
    if (termIds.length === 0) return;
    let deltas = this.pending.get(db);
    if (!deltas) this.pending.set(db, (deltas = new Map()));
    for (const id of termIds) deltas.set(id, (deltas.get(id) ?? 0) + delta);
  }

  /** Applies the pending changes in one statement (the rows are locked in index order). */
  async flush(db: EntityManager): Promise<void> {
    const deltas = this.pending.get(db);
    this.pending.delete(db);
    const changes = [...(deltas ?? [])].filter(([, delta]) => delta !== 0).sort((a, b) => a[0] - b[0]);
    if (changes.length === 0) return;
    const cases = changes.map(() => 'WHEN ? THEN ?').join(' ');
    await db.query(`UPDATE terms SET count = count + CASE id ${cases} ELSE 0 END WHERE id IN (${changes.map(() => '?').join(', ')})`, [
      ...changes.flat(),
      ...changes.map(([id]) => id),
    ]);
  }

  /** Rebuilds every stored count from the link rows; how many terms there are and how many were wrong. */
  async recount(db: EntityManager = this.dataSource.manager): Promise<{ terms: number; corrected: number }> {
    const wrong = await db.query(`SELECT COUNT(*) AS n FROM terms WHERE count <> ${RECOUNT_SQL}`);
    await db.query(`UPDATE terms SET count = ${RECOUNT_SQL}`);
    const all = await db.query('SELECT COUNT(*) AS n FROM terms');
    return { terms: Number(all[0].n), corrected: Number(wrong[0].n) };
  }
}
