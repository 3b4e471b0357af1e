/**
 * Read-your-writes across instances: after a 201 from instance A, a GET of the
 * new event through instance B, sent the moment the 201 arrived, must answer 200 with the values
 * the 201 showed. The GET goes out before the load generator learns the new ID, so no other
 * request can have changed the event in between: any difference is a stale read.
 */
import { CheckResult, formatCounts } from '../load/checks';
import { EventJson, project, same } from '../load/event-states';
import { LoadOptions } from '../load/run-load';
import { Exchange, LoadState, NS, Target } from '../load/workload';

export interface RywTally {
  reads: number;
  failures: string[];
  /** Outcome of every read-back: "200", "404 rest-event-not-found", "200 but different", ... */
  outcomes: Map<string, number>;
}

export const newRywTally = (): RywTally => ({ reads: 0, failures: [], outcomes: new Map() });

const short = (text: string | undefined, max = 200) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}...` : text);

/** What each answered field was, where two answers for one event differ. */
function difference(created: EventJson, read: EventJson): string {
  const a = project(created) as unknown as Record<string, unknown>;
  const b = project(read) as unknown as Record<string, unknown>;
  return Object.keys(a)
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => `${key}: created ${JSON.stringify(a[key])}, read ${JSON.stringify(b[key])}`)
    .join('; ');
}

/**
 * The `afterAnswer` hook of a load: `readerOf` names the instance that reads back what another
 * created (undefined: no other instance to ask).
 */
export function readYourWrites(
  state: LoadState,
  readerOf: (creator: string) => Target | undefined,
  tally: RywTally,
): NonNullable<LoadOptions['afterAnswer']> {
  return async (ex: Exchange, follow) => {
    if (ex.op !== 'create' || ex.status !== 201) return;
    const created = ex.json as EventJson | undefined;
    const reader = readerOf(ex.instance);
    if (typeof created?.id !== 'number' || !reader) return;
    const admin = state.tokens.admin;
    const read = await follow(
      {
        op: 'ryw',
        request: { method: 'GET', path: `${NS}/events/${created.id}`, token: admin.token },
        role: admin.role,
        target: created.id,
        uniqueNames: [],
      },
      reader,
    );
    read.target = created.id;
    tally.reads += 1;
    const code = (read.json as { code?: string } | undefined)?.code;
    let outcome: string;
    let problem: string | undefined;
    if (read.error !== undefined) {
      outcome = `network error ${read.error}`;
      problem = outcome;
    } else if (read.status !== 200) {
      outcome = `${read.status} ${code ?? ''}`.trim();
      problem = `${read.status} ${short(read.text)}`;
    } else if (!same(project(read.json as EventJson), project(created))) {
      outcome = '200 but different values';
      problem = `200 with other values: ${difference(created, read.json as EventJson)}`;
    } else {
      outcome = '200';
    }
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    if (problem) {
      const gap = (read.startedAt - ex.endAt).toFixed(0);
      tally.failures.push(
        `event ${created.id}: 201 from instance ${ex.instance} (#${ex.seq}), GET through instance ${reader.name} sent ${gap} ms later ` +
          `answered in ${(read.endAt - read.startedAt).toFixed(0)} ms: ${problem}`,
      );
    }
  };
}

export function checkReadYourWrites(tally: RywTally): CheckResult {
  const summary = `${tally.reads} creates read back through another instance at once (${formatCounts(tally.outcomes) || 'none'})`;
  return {
    name: 'read-your-writes: every 201 readable at once through another instance, with the values it answered',
    ok: tally.failures.length === 0,
    summary: tally.failures.length ? `${tally.failures.length} failed; ${summary}` : summary,
    examples: tally.failures.slice(0, 5),
  };
}
