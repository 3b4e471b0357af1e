import { TransactionRunner } from '@app/database';
import { DataSource } from 'typeorm';
import { CalendarEvent } from '../events/event.entity';
import { keepsSearchGrams, POSTINGS_BY_PASSAGE_INDEX, SEARCH_POSTINGS_TABLE } from '../search/search-gram-index';

/** A secondary index a bulk load drops and builds again after it. */
interface DeferredIndex {
  table: string;
  name: string;
  columns: string[];
}

/** The search postings' index by passage (migration SearchPostingCopies): what searches read. */
const POSTINGS_BY_PASSAGE: DeferredIndex = {
  table: SEARCH_POSTINGS_TABLE,
  name: POSTINGS_BY_PASSAGE_INDEX.name,
  columns: [...POSTINGS_BY_PASSAGE_INDEX.columns],
};

/**
 * The indexes a bulk load of events defers: the non-unique indexes of `events` as the entity
 * declares them (the migrations create the same), and on MySQL/MariaDB the postings' index by
 * passage. Inserting a million rows into each B-tree in key order of another costs far more
 * than sorting once after the load: random inserts split pages (half-full trees larger than the
 * buffer pool), a build after the load writes each tree once, in order.
 */
function deferredIndexes(dataSource: DataSource): DeferredIndex[] {
  const events = dataSource
    .getMetadata(CalendarEvent)
    .indices.filter((index) => !index.isUnique && !index.where)
    .map((index) => ({ table: 'events', name: index.name as string, columns: index.columns.map((column) => column.databaseName) }));
  return keepsSearchGrams(dataSource) ? [...events, POSTINGS_BY_PASSAGE] : events;
}

async function presentIndexes(dataSource: DataSource, table: string): Promise<Set<string>> {
  const rows = (await dataSource.query(
    keepsSearchGrams(dataSource)
      ? `SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?`
      : `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`,
    [table],
  )) as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

function byTable(indexes: DeferredIndex[]): Map<string, DeferredIndex[]> {
  const tables = new Map<string, DeferredIndex[]>();
  for (const index of indexes) tables.set(index.table, [...(tables.get(index.table) ?? []), index]);
  return tables;
}

/**
 * Creates the deferred indexes that are missing (after a load, or an interrupted one). MySQL:
 * one ALTER TABLE per table, which reads the table once for all of its indexes.
 */
export async function createMissingIndexes(dataSource: DataSource, transactions: TransactionRunner): Promise<void> {
  for (const [table, indexes] of byTable(deferredIndexes(dataSource))) {
    const present = await presentIndexes(dataSource, table);
    const missing = indexes.filter((index) => !present.has(index.name));
    if (missing.length === 0) continue;
    if (keepsSearchGrams(dataSource)) {
      const adds = missing.map((index) => `ADD INDEX \`${index.name}\` (${index.columns.map((column) => `\`${column}\``).join(', ')})`);
      await dataSource.query(`ALTER TABLE \`${table}\` ${adds.join(', ')}`);
      continue;
    }
    await transactions.run(async (db) => {
      for (const index of missing) {
        await db.query(`CREATE INDEX "${index.name}" ON "${table}" (${index.columns.map((column) => `"${column}"`).join(', ')})`);
      }
    });
  }
}

/** Drops the deferred indexes (all present: createMissingIndexes runs first). */
export async function dropDeferredIndexes(dataSource: DataSource, transactions: TransactionRunner): Promise<void> {
  for (const [table, indexes] of byTable(deferredIndexes(dataSource))) {
    if (keepsSearchGrams(dataSource)) {
      await dataSource.query(`ALTER TABLE \`${table}\` ${indexes.map((index) => `DROP INDEX \`${index.name}\``).join(', ')}`);
      continue;
    }
    await transactions.run(async (db) => {
      for (const index of indexes) await db.query(`DROP INDEX IF EXISTS "${index.name}"`);
    });
  }
}
