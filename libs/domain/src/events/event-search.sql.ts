import { containsPattern, LIKE_ESCAPE, loweredForLike } from '@app/database';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { contentFilterSql } from '../posts/visibility';
import { isEditorial } from '../users/role';
import { Viewer } from '../users/viewer';
import { CalendarEvent } from './event.entity';

/*
 * docs/api-rules.md, Lists, for events: the whole search text within title, description or excerpt, ignoring
 * case; an event the viewer cannot open (password) matches by its title only, so a search never reveals its content.
 *
 * SQLite, texts of 3+ characters: the FTS5 trigram index `events_search` answers alone. A phrase
 * of trigrams is a substring test, case-insensitive for every letter (FTS5 folds Unicode case, as
 * the LIKE below does with the lower() of build-data-source-options), so no event row is read to
 * decide a match; the `{title}` column filter serves locked events. Shorter texts have no trigram
 * and scan with LIKE. MySQL/MariaDB answer a search without passage breaks from their passage
 * index alone (search/search-gram-index.ts); other searches run the LIKE below on its candidates,
 * byte for byte on the lowered text as SQLite compares it (README: "Event search at scale").
 */

const COLUMNS = ['title', 'description', 'excerpt'];

/** Whether SQLite answers this search from the trigram index. */
export function searchesIndex(dataSource: DataSource, search: string | undefined): boolean {
  return dataSource.options.type === 'better-sqlite3' && [...(search?.trim() ?? '')].length >= 3;
}

/** An FTS5 phrase: the text as it is, quotes doubled (nothing inside a phrase is syntax). */
function phraseOf(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Locked events (for this viewer) must match by title: the condition, or none for editors. */
function whereTitleIfLocked(qb: SelectQueryBuilder<CalendarEvent>, text: string, viewer: Viewer | undefined): void {
  if (isEditorial(viewer?.role)) return;
  const titleMatches = 'p.id IN (SELECT rowid FROM events_search WHERE events_search MATCH :eventSearchTitle)';
  qb.andWhere(contentFilterSql('p', viewer, '1 = 1', titleMatches), {
    eventSearchTitle: `title : ${phraseOf(text)}`,
    viewerId: viewer?.id ?? 0,
  });
}

/** The search condition of a list's page query (alias `p`). */
export function whereEventSearch(qb: SelectQueryBuilder<CalendarEvent>, search: string, viewer: Viewer | undefined): void {
  const text = search.trim();
  if (searchesIndex(qb.connection, text)) {
    qb.andWhere('p.id IN (SELECT rowid FROM events_search WHERE events_search MATCH :eventSearchAny)', { eventSearchAny: phraseOf(text) });
    whereTitleIfLocked(qb, text, viewer);
    return;
  }
  const [title, ...content] = COLUMNS.map(
    (column) => `${loweredForLike(qb.connection, `p.${column}`)} LIKE :eventSearch ESCAPE '${LIKE_ESCAPE}'`,
  );
  qb.andWhere(contentFilterSql('p', viewer, `(${content.join(' OR ')})`, title), {
    eventSearch: containsPattern(text),
    viewerId: viewer?.id ?? 0,
  });
}

/**
 * The total of an indexed search: the list's other conditions (`qb`, alias `p`, with unindexed
 * window columns) checked for each event the index matches, the index's matches driving the
 * join (CROSS JOIN fixes the order in SQLite: the planner must not walk the window instead),
 * each event found by its rowid. About 1.5 µs per match on this machine, idle.
 */
export async function countIndexedSearch(
  qb: SelectQueryBuilder<CalendarEvent>,
  search: string,
  viewer: Viewer | undefined,
): Promise<number> {
  const text = search.trim();
  qb.andWhere('events_search MATCH :eventSearchAny', { eventSearchAny: phraseOf(text) });
  whereTitleIfLocked(qb, text, viewer);
  const [sql, parameters] = qb.select('COUNT(1)', 'cnt').getQueryAndParameters();
  const from = 'FROM "events" "p"';
  if (!sql.includes(from)) throw new Error(`countIndexedSearch: unexpected query shape: ${sql}`);
  const joined = sql.replace(from, 'FROM events_search CROSS JOIN "events" "p" ON "p"."id" = events_search.rowid');
  const rows = (await qb.connection.query(joined, parameters)) as Array<{ cnt: number | string }>;
  return Number(rows[0]?.cnt ?? 0);
}
