/**
 * Series writes in the cluster test's mix: weekly series of four occurrences created, one
 * occurrence changed on its own (`scope=this`) and a series split at an occurrence
 * (`scope=following`), over every instance like the other writes. They work on series of their own
 * (never the single events the other writes update and delete), and are checked on their own: no
 * series lost, no occurrence lost or doubled by a split (a series' family keeps its four), and every
 * exception keeps the title its last write gave it.
 */
import { CheckResult } from '../load/checks';
import { TestDatabase } from '../load/database';
import { LoadOptions } from '../load/run-load';
import { Built, Exchange, LoadState, NS, SERIES_OPS, Target } from '../load/workload';

/** The shares of the series ops among all writes. */
const SHARES = { 'series-create': 0.05, exception: 0.07, split: 0.04 };
const OCCURRENCES = 4;
const TITLES = ['CC Weekly Yoga', 'CC Weekly Choir', 'CC Weekly Chess'];

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)];
const pad = (n: number) => String(n).padStart(2, '0');

function weeklyStart(): { start_date: string; end_date: string } {
  const start = new Date(Date.now() + (1 + random(200)) * 86_400_000);
  const day = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`;
  const hour = 8 + random(10);
  return { start_date: `${day} ${pad(hour)}:00`, end_date: `${day} ${pad(hour + 1)}:30` };
}

/** A network error: nobody knows whether it was written. */
const answerLost = (ex: Exchange) => ex.status === undefined;

/** What the run learnt about its series: each family (a created series and the ones split from it) and its occurrences. */
export class SeriesLoad {
  /** Occurrence IDs of each created series, in order (splits keep them: a family shares them). */
  private readonly occurrencesOf = new Map<number, number[]>();
  /** Family root of every occurrence. */
  private readonly rootOf = new Map<number, number>();
  /** The series-op exchanges, by family root. */
  private readonly byRoot = new Map<number, Exchange[]>();
  /** Series ops whose answer was lost: their family cannot be judged. */
  private readonly unknownRoots = new Set<number>();
  private readonly lostCreates: Exchange[] = [];

  constructor(
    private readonly state: LoadState,
    /** The instances in rotation. */
    private readonly targets: () => Target[],
  ) {}

  /** A series write, or undefined to leave this request to the single-event mix. */
  build(seq: number): Built | undefined {
    const roll = Math.random();
    const editor = pick([this.state.tokens.admin, ...this.state.tokens.editors]);
    const roots = [...this.occurrencesOf.keys()].slice(-30);
    if (roll < SHARES['series-create'] || (roll < SHARES['series-create'] + SHARES.exception + SHARES.split && roots.length === 0)) {
      const body = {
        title: pick(TITLES),
        excerpt: `[cs:${seq}]`,
        ...weeklyStart(),
        categories: ['cc Music'],
        recurrence: { rrule: `FREQ=WEEKLY;COUNT=${OCCURRENCES}` },
      };
      return {
        op: 'series-create',
        request: { method: 'POST', path: `${NS}/events`, token: editor.token, body },
        role: editor.role,
        uniqueNames: [],
      };
    }
    if (roll >= SHARES['series-create'] + SHARES.exception + SHARES.split) return undefined;
    const occurrences = this.occurrencesOf.get(pick(roots)) as number[];
    if (roll < SHARES['series-create'] + SHARES.exception) {
      const target = pick(occurrences);
      const body = { title: `CC Own ${seq}` };
      return {
        op: 'exception',
        request: { method: pick(['PUT', 'PATCH']), path: `${NS}/events/${target}`, token: editor.token, body },
        role: editor.role,
        target,
        uniqueNames: [],
      };
    }
    const target = occurrences[1 + random(OCCURRENCES - 1)];
    return {
      op: 'split',
      request: { method: 'PATCH', path: `${NS}/events/${target}?scope=following`, token: editor.token, body: { title: `CC Split ${seq}` } },
      role: editor.role,
      target,
      uniqueNames: [],
    };
  }

  /** Learns a new series' occurrences (read through the instance that created it) and files each series op by family. */
  afterAnswer(): NonNullable<LoadOptions['afterAnswer']> {
    return async (ex, follow) => {
      if (!SERIES_OPS.has(ex.op)) return;
      if (ex.op !== 'series-create') {
        const root = this.rootOf.get(ex.target as number) as number;
        this.byRoot.get(root)?.push(ex);
        if (answerLost(ex)) this.unknownRoots.add(root);
        return;
      }
      const id = (ex.json as { id?: number } | undefined)?.id;
      if (answerLost(ex)) this.lostCreates.push(ex);
      if (ex.status !== 201 || typeof id !== 'number') return;
      ex.target = id;
      const admin = this.state.tokens.admin;
      const targets = this.targets();
      const target = targets.find((t) => t.name === ex.instance) ?? targets[0];
      const read = await follow(
        {
          op: 'read',
          request: {
            method: 'GET',
            path: `${NS}/events?recurring_event=${id}&status=any&start_date=2000-01-01&end_date=2100-12-31&per_page=50`,
            token: admin.token,
          },
          role: admin.role,
          uniqueNames: [],
        },
        target,
      );
      const listed = ((read.json as { events?: Array<{ id: number }> } | undefined)?.events ?? []).map((event) => event.id);
      this.byRoot.set(id, [ex]);
      for (const occurrence of listed) this.rootOf.set(occurrence, id);
      if (listed.length === OCCURRENCES) this.occurrencesOf.set(id, listed);
    };
  }

  /** The checks over everything the run has sent so far, against the database. */
  async checks(db: TestDatabase): Promise<CheckResult[]> {
    type SeriesRow = { id: number | string; series: number | string | null; title: string; isSeries: number | string };
    const rows = (await db.query(
      'SELECT id, recurring_event_id AS series, title, is_series AS isSeries FROM events WHERE is_series = 1 OR recurring_event_id IS NOT NULL',
    )) as SeriesRow[];
    const seriesIds = new Set(rows.filter((row) => Number(row.isSeries) === 1).map((row) => Number(row.id)));
    const occurrence = new Map(rows.filter((row) => row.series !== null).map((row) => [Number(row.id), row]));
    const lost: string[] = [];
    const families: string[] = [];
    const exceptions: string[] = [];
    let judged = 0;
    let exceptionCount = 0;
    for (const [root, exchanges] of this.byRoot) {
      if (this.unknownRoots.has(root)) continue;
      judged += 1;
      const made = exchanges.filter((ex) => (ex.op === 'series-create' || ex.op === 'split') && ex.status === 201);
      for (const ex of made) {
        const id = ex.op === 'series-create' ? root : (ex.json as { id: number }).id;
        if (!seriesIds.has(id)) lost.push(`#${ex.seq} ${ex.op} answered series ${id} (201); no such series stored`);
      }
      const members = new Set([root, ...made.map((ex) => (ex.json as { id: number }).id)]);
      const own = [...occurrence.values()].filter((row) => members.has(Number(row.series)));
      const ids = [...this.rootOf].filter(([, r]) => r === root).map(([id]) => id);
      if (own.length !== OCCURRENCES || ids.some((id) => !occurrence.has(id)))
        families.push(`series ${root} (${made.length - 1} splits): ${own.length} occurrence rows in its family, ${OCCURRENCES} expected`);
      const edits = exchanges.filter((ex) => ex.op === 'exception' && ex.status === 200);
      for (const id of new Set(edits.map((ex) => ex.target as number))) {
        exceptionCount += 1;
        const mine = edits.filter((ex) => ex.target === id);
        const last = mine.filter((w) => !mine.some((other) => other !== w && other.startedAt > w.endAt));
        const title = occurrence.get(id)?.title;
        if (!last.some((w) => (w.body as { title: string }).title === title))
          exceptions.push(
            `occurrence ${id} of series ${root}: title "${title}", its last 200 exception writes set ${last.map((w) => `"${(w.body as { title: string }).title}" (#${w.seq})`).join(', ')}`,
          );
      }
    }
    const lostAnswers = this.lostCreates.length ? `; ${this.lostCreates.length} creates lost their answer (not judged)` : '';
    const result = (name: string, failures: string[], summary: string): CheckResult => ({
      name,
      ok: failures.length === 0,
      summary: failures.length ? `${failures.length} failed; ${summary}` : summary,
      examples: failures.slice(0, 5),
    });
    return [
      result('series: every 201 series create and split stored', lost, `${judged} series families judged${lostAnswers}`),
      result('series: splits lose or double no occurrence (each family keeps its 4)', families, `${judged} families`),
      result(
        'series: every exception (scope=this) keeps the title its last write gave it',
        exceptions,
        `${exceptionCount} occurrences with exceptions`,
      ),
    ];
  }
}
