import { writeSlotOf } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { upsertCounters } from '../counters/upsert-counters';

/** The kinds whose records with the status `publish` are counted (PublishedCount), by table, in key order. */
export const COUNTED_KINDS = ['organizers', 'venues'] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

export const isCountedKind = (table: string): table is CountedKind => (COUNTED_KINDS as readonly string[]).includes(table);

/** How a record's status moving from `before` to `after` (null: no row) changes its kind's published count. */
export function publishedDelta(before: string | null, after: string | null): number {
  return (after === 'publish' ? 1 : 0) - (before === 'publish' ? 1 : 0);
}

/**
 * The kept count of published venues and organizers (`published_counts`), from which a list of
 * every published record answers its total without counting its rows (LinkedRecordsRepository).
 *
 * A write notes each record's status before and after (`note`, `noteInserted`); `flush` adds the
 * sum to the transaction's slot rows (writeSlotOf) with `count = count + ?`, never a read
 * followed by a write, so concurrent writers add up and writers on different Galera nodes never
 * change one row. Every write transaction flushes just before it raises the data version
 * (DataVersionBumping): the rows are held for the last statements only, and every writer takes
 * them after its other rows and term and day counts, in one order (kinds in key order, then the
 * data version), so they close no cycle of waits.
 *
 * Only `publish` is counted: a `future` record is published once its date has passed without a
 * write (publishedCondition), so the total adds the due `future` records, a range of IDX_*_due.
 */
@Injectable()
export class PublishedCountsRepository {
  /** Deltas per open transaction (each has its own EntityManager; a retried one starts afresh). */
  private readonly pending = new WeakMap<EntityManager, Map<CountedKind, number>>();

  constructor(private readonly dataSource: DataSource) {}

  /** A record of the kind went from status `before` to `after` (null: no row) in `db`'s transaction. */
  note(db: EntityManager, kind: CountedKind, before: string | null, after: string | null): void {
    this.add(db, kind, publishedDelta(before, after));
  }

  /** Records of the kind inserted with these statuses (the seed's bulk inserts). */
  noteInserted(db: EntityManager, kind: CountedKind, statuses: readonly string[]): void {
    this.add(
      db,
      kind,
      statuses.reduce((sum, status) => sum + publishedDelta(null, status), 0),
    );
  }

  /**
   * Adds what `part` noted to `whole`'s transaction: a part of a write run with an EntityManager of
   * its own (an import's UID under its savepoint) once it is kept. A part rolled back is not carried.
   */
  carry(part: EntityManager, whole: EntityManager): void {
    const pending = this.pending.get(part);
    this.pending.delete(part);
    for (const [kind, delta] of pending ?? []) this.add(whole, kind, delta);
  }

  /** Applies the noted changes to this process's rows; run once at the end of every write transaction. */
  async flush(db: EntityManager): Promise<void> {
    const pending = this.pending.get(db);
    this.pending.delete(db);
    if (!pending) return;
    const rows = COUNTED_KINDS.filter((kind) => (pending.get(kind) ?? 0) !== 0).map((kind) => [kind, writeSlotOf(db), pending.get(kind)!]);
    await upsertCounters(db, 'published_counts', ['kind', 'slot'], rows, 'add');
  }

  /** Query: the kept count of the kind's records with the status `publish`. */
  sumQuery(kind: CountedKind): SelectQueryBuilder<ObjectLiteral> {
    return this.dataSource
      .createQueryBuilder()
      .select('COALESCE(SUM(c.count), 0)', 'total')
      .from('published_counts', 'c')
      .where('c.kind = :countedKind', { countedKind: kind });
  }

  /**
   * Sets every kept count to the records' own (the rows written past the service, the seed's
   * before it kept them) and folds the slots into slot 0; how many kinds there are and how many
   * were wrong. Only additions (`count = count + ?`): the true count and the slots are read in one
   * statement, one snapshot of committed writes, and the difference is added, so a writer adding
   * to its slot meanwhile (on this node or another) keeps its change. A Galera writer that
   * changes a slot this folds conflicts with it, and one of the two runs again.
   */
  async recount(db: EntityManager = this.dataSource.manager): Promise<{ kinds: number; corrected: number }> {
    let corrected = 0;
    for (const kind of COUNTED_KINDS) {
      const rows: Array<{ slot: number | string; n: number | string }> = await db.query(
        `SELECT -1 AS slot, COUNT(*) AS n FROM ${kind} WHERE status = 'publish'
         UNION ALL SELECT c.slot AS slot, c.count AS n FROM published_counts c WHERE c.kind = ?`,
        [kind],
      );
      const actual = Number(rows.find((row) => Number(row.slot) === -1)?.n ?? 0);
      const slots = rows.filter((row) => Number(row.slot) !== -1).map((row) => ({ slot: Number(row.slot), count: Number(row.n) }));
      const kept = slots.reduce((sum, row) => sum + row.count, 0);
      if (kept !== actual) corrected++;
      const others = slots.filter((row) => row.slot !== 0);
      const moved = others.filter((row) => row.count !== 0);
      const intoZero = actual - kept + moved.reduce((sum, row) => sum + row.count, 0);
      const changes = [
        ...(intoZero !== 0 ? [[kind, 0, intoZero]] : []),
        ...moved.sort((a, b) => a.slot - b.slot).map((row) => [kind, row.slot, -row.count]),
      ];
      await upsertCounters(db, 'published_counts', ['kind', 'slot'], changes, 'add');
      // The rows the fold emptied, and those a writer's additions had brought back to zero, held
      // since its statement (no new lock, so no new wait); a row a writer added to before the
      // fold took it holds that writer's count and stays.
      if (others.length > 0)
        await db.query(`DELETE FROM published_counts WHERE kind = ? AND slot IN (${others.map(() => '?').join(', ')}) AND count = 0`, [
          kind,
          ...others.map((row) => row.slot),
        ]);
    }
    return { kinds: COUNTED_KINDS.length, corrected };
  }

  private add(db: EntityManager, kind: CountedKind, delta: number): void {
    if (delta === 0) return;
    let pending = this.pending.get(db);
    if (!pending) this.pending.set(db, (pending = new Map()));
    pending.set(kind, (pending.get(kind) ?? 0) + delta);
  }
}
