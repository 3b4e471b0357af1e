/**
 * Search right after a create, through another instance: after a 201 from instance A (and its
 * read-back), instance B is asked at once for the new event by search, twice: by the unique
 * marker of its excerpt (`[cc:<seq>]`: a passage new to the search index, so its text, grams and
 * the event's postings must all have replicated) and by its title with `include=<id>` (a title
 * shared with many events: the event's own postings must be there). Each must list the event.
 */
import { CheckResult, formatCounts } from '../load/checks';
import { EventJson } from '../load/event-states';
import { LoadOptions } from '../load/run-load';
import { Exchange, LoadState, NS, Target } from '../load/workload';

export interface SearchTally {
  searches: number;
  failures: string[];
  /** Outcome of every search: "found", "missing", "500", ... */
  outcomes: Map<string, number>;
}

export const newSearchTally = (): SearchTally => ({ searches: 0, failures: [], outcomes: new Map() });

/** Every date and status, so only the search decides. */
const EVERYTHING = 'status=any&start_date=2000-01-01&end_date=2100-12-31&per_page=50';

/** What the reader's database holds of a missed event, read directly: the failure's explanation. */
export type MissDiagnosis = (eventId: number, reader: Target, marker: string | undefined) => Promise<string>;

/**
 * The `afterAnswer` hook: `readerOf` names the instance that searches for what another created;
 * `diagnose`, when given, explains each miss from the reader's database.
 */
export function searchAfterCreate(
  state: LoadState,
  readerOf: (creator: string) => Target | undefined,
  tally: SearchTally,
  diagnose?: MissDiagnosis,
): NonNullable<LoadOptions['afterAnswer']> {
  return async (ex: Exchange, follow) => {
    if (ex.op !== 'create' || ex.status !== 201) return;
    const created = ex.json as (EventJson & { excerpt?: string }) | undefined;
    const reader = readerOf(ex.instance);
    if (typeof created?.id !== 'number' || !reader) return;
    const marker = /\[cc:\d+\]/.exec(created.excerpt ?? '')?.[0];
    const searches = [
      ...(marker ? [{ by: 'marker', query: `search=${encodeURIComponent(marker)}` }] : []),
      { by: 'title', query: `search=${encodeURIComponent(String(created.title))}&include=${created.id}` },
    ];
    const admin = state.tokens.admin;
    for (const { by, query } of searches) {
      const path = `${NS}/events?${query}&${EVERYTHING}`;
      const read = await follow(
        { op: 'ryw', request: { method: 'GET', path, token: admin.token }, role: admin.role, uniqueNames: [] },
        reader,
      );
      tally.searches += 1;
      const listed = ((read.json as { events?: Array<{ id: number }> } | undefined)?.events ?? []).some((event) => event.id === created.id);
      const outcome = read.status === 200 ? (listed ? 'found' : `missing (by ${by})`) : `${read.status ?? read.error}`;
      tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
      if (outcome !== 'found') {
        const why = diagnose
          ? `; ${await diagnose(created.id, reader, marker).catch((error: Error) => `diagnosis failed: ${error.message}`)}`
          : '';
        tally.failures.push(
          `event ${created.id}: 201 from instance ${ex.instance}, search by ${by} through instance ${reader.name} ` +
            `${(read.startedAt - ex.endAt).toFixed(0)} ms later: ${outcome}${why}`,
        );
      }
    }
  };
}

export function checkSearchAfterCreate(tally: SearchTally): CheckResult {
  const summary = `${tally.searches} searches for new events through another instance at once (${formatCounts(tally.outcomes) || 'none'})`;
  return {
    name: 'search after create: every 201 found at once by search through another instance (its marker, its title)',
    ok: tally.failures.length === 0,
    summary: tally.failures.length ? `${tally.failures.length} failed; ${summary}` : summary,
    examples: tally.failures.slice(0, 5),
  };
}
