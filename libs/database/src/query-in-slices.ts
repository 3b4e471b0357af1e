import { setImmediate as nextTurn } from 'node:timers/promises';

/** IDs per query when many records are read at once: one slice's query is a few milliseconds. */
const IDS_PER_QUERY = 100;

/**
 * `query` run on slices of `ids`, with a turn of the event loop between slices. A query on SQLite
 * runs synchronously, so one read of a thousand records (a calendar feed) would hold up every
 * other request (`/health`, a page of JSON) until it ends; in slices they are served in between.
 * Lists no longer than a slice are one query, with no turn given.
 */
export async function queryInSlices<I, R>(ids: readonly I[], query: (slice: I[]) => Promise<R[]>, perQuery = IDS_PER_QUERY): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < ids.length; start += perQuery) {
    if (start > 0) await nextTurn();
    results.push(...(await query(ids.slice(start, start + perQuery))));
  }
  return results;
}
