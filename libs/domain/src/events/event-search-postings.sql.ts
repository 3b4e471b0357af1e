import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { whereVisible } from '../posts/visibility';
import { SEARCH_POSTINGS_TABLE } from '../search/search-gram-index';
import { eventSearchGrams } from '../search/search-gram-kinds';
import { EventListCriteria } from './event-list-criteria';
import { whereListed } from './event-list-filters.sql';

/*
 * MySQL/MariaDB: the total of a search the passage index answers exactly, counted from the
 * postings. Each posting of a record that shows its own texts carries copies of what a list
 * checks of it (status, publication date, listing, series row, start, end, lock; kept in the
 * record's write transactions: search-gram-kinds.ts), and the postings' index by passage holds
 * them, so its distinct records are counted from that index alone. Counting through `events`
 * instead costs one index look-up per match: at a million events the 20,917 matches of `jazz`
 * took about 90 ms that way, against about 25 ms here. The occurrences that show their series'
 * texts (text_id) have no postings of their own; they are counted through their rows as before,
 * from the postings of series only (a range of the index of its own: `is_series` precedes the
 * record in it).
 */

/** Postings of records whose texts stand for other rows: a series' for its occurrences. */
export const SHARED_TEXT_POSTINGS = 'sp.is_series = 1';

/**
 * Whether the list's total can be counted from the postings: an anonymous list (every posting's
 * copies say all it needs) whose only conditions are its statuses, window and search.
 */
export function countsFromPostings(criteria: EventListCriteria): boolean {
  return (
    criteria.viewer === undefined &&
    !criteria.include?.length &&
    !criteria.columnFilters?.length &&
    !criteria.categoryIds?.length &&
    !criteria.tagIds?.length &&
    criteria.venueIds === undefined &&
    criteria.organizerIds === undefined &&
    criteria.featured === undefined &&
    criteria.geoloc === undefined &&
    criteria.near === undefined &&
    criteria.postParentId === undefined &&
    criteria.recurringEventId === undefined &&
    criteria.expand !== false &&
    criteria.ticketed !== true
  );
}

/**
 * Parts the count of records showing their own texts is split into, by record ID: each part reads
 * its own range of the postings' index (the record follows the passage in it), and the parts run
 * side by side on the server's cores (selectScalarsSideBySide). A common word's count at a million
 * events reads tens of thousands of postings; halved, its answer waits about half as long.
 */
export const OWN_TEXT_PARTS = 2;

/**
 * Where each part of OWN_TEXT_PARTS after the first starts: shares of the events' ID range, read
 * once for all parts. Each part computing its own start would let a record created or deleted
 * between their statements move the boundary, and the records between the two starts would be
 * counted twice or not at all.
 */
export async function ownTextPartStarts(dataSource: DataSource): Promise<number[]> {
  const [bounds] = (await dataSource.query('SELECT MIN(id) AS low, MAX(id) AS high FROM events')) as Array<{
    low: number | string | null;
    high: number | string | null;
  }>;
  const low = Number(bounds?.low ?? 0);
  const high = Number(bounds?.high ?? 0);
  return Array.from({ length: OWN_TEXT_PARTS - 1 }, (_, i) => low + Math.floor(((high - low) * (i + 1)) / OWN_TEXT_PARTS));
}

/**
 * Query: how many listed records showing their own texts hold one of the passages: the list's
 * statuses and window on the copies, and a locked record (password) by a passage of its title
 * only. With `part`, only the records of that share of the ID range (OWN_TEXT_PARTS, starting
 * where `starts` says, ownTextPartStarts): the parts' counts add up to the whole, as each record
 * falls in one part.
 */
export function ownTextMatchesQuery(
  dataSource: DataSource,
  criteria: EventListCriteria,
  passages: readonly bigint[],
  part?: { index: number; starts: readonly number[] },
): SelectQueryBuilder<ObjectLiteral> {
  const qb = dataSource
    .createQueryBuilder()
    .select('COUNT(DISTINCT sp.record_id)', 'cnt')
    .from(SEARCH_POSTINGS_TABLE, 'sp')
    .where(`${eventSearchGrams.postingsWhere(passages)} AND sp.is_series = 0`);
  if (part !== undefined) {
    const { index, starts } = part;
    if (index > 0) qb.andWhere(`sp.record_id >= ${Math.trunc(starts[index - 1])}`);
    if (index < starts.length) qb.andWhere(`sp.record_id < ${Math.trunc(starts[index])}`);
  }
  whereVisible(qb, 'sp', criteria.viewer, criteria.statuses, criteria.now);
  whereListed(qb, criteria.window, (name) => `sp.${name}`, 'sp');
  return qb.andWhere('(sp.locked = 0 OR sp.fields & 1 <> 0)');
}
