/**
 * The building blocks of a cluster-test phase: a write load over some instances with a
 * read-your-writes GET after every create, and the checks after it (HTTP answers, read-your-writes,
 * then the stored state through the database and through instances other than each event's creator).
 */
import { countBy, formatCounts } from '../load/checks';
import { Api } from '../load/event-states';
import { checkExplained4xx, checkNo5xx, checkNoNetworkErrors, checkRejectedAnswered400 } from '../load/http-checks';
import { stateChecks } from '../load/state-checks';
import { TestDatabase } from '../load/database';
import { GaleraCluster } from '../load/galera';
import { checkLines, failureCauses } from '../load/report';
import { POSTINGS_COPY_ROW } from '../load/snapshot';
import { buildRequest } from '../load/requests';
import { LoadOptions, runLoad } from '../load/run-load';
import { Built, LoadState, Target, WRITE_OPS } from '../load/workload';
import { ClusterConfig } from './config';
import { clusterDatabase, counterNote, Counters, readCounters } from './database';
import { Node } from './instances';
import { checkReadYourWrites, newRywTally, readYourWrites } from './read-your-writes';
import { checkSearchAfterCreate, newSearchTally, searchAfterCreate } from './search-after-create';
import { ClusterPhase, serverErrorDigest } from './report';
import { SeriesLoad } from './series-load';

/** Hooks run one after the other for each answer. */
function inTurn(...hooks: Array<NonNullable<LoadOptions['afterAnswer']>>): NonNullable<LoadOptions['afterAnswer']> {
  return async (exchange, follow) => {
    for (const hook of hooks) await hook(exchange, follow);
  };
}

export interface Ctx {
  config: ClusterConfig;
  cluster: GaleraCluster;
  db: TestDatabase;
  nodes: Node[];
  state: LoadState;
  /** Instance 1 as administrator: term counts and the fallback reader. */
  api: Api;
  phases: ClusterPhase[];
  /** Series writes in the mix, and what they need to be checked. */
  series: SeriesLoad;
}

export const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

export function newPhase(phase: string): ClusterPhase {
  return { database: 'galera', phase, exchanges: [], seconds: 0, expectedErrors: 0, checks: [], notes: [] };
}

/** The concurrency test's mix without its reads and probes: every request of the count is a write. */
function writeOnly(state: LoadState, seq: number, phase: string): Built {
  for (;;) {
    const built = buildRequest(state, seq, phase);
    if (WRITE_OPS.has(built.op)) return built;
  }
}

/**
 * `total` writes at the configured concurrency, round-robin over `targets()` (the set may shrink);
 * each 201 is read back at once through the next instance in the list.
 */
export async function runWrites(ctx: Ctx, phase: ClusterPhase, total: number, targets: () => Node[], onIssue?: LoadOptions['onIssue']) {
  const ryw = newRywTally();
  phase.ryw = ryw;
  const found = newSearchTally();
  phase.searches = found;
  const readerOf = (creator: string) => {
    const list = targets();
    if (list.length < 2) return undefined;
    const index = list.findIndex((n) => n.name === creator);
    return list[(index + 1) % list.length].target;
  };
  const seriesAnswers = ctx.series.afterAnswer();
  const started = performance.now();
  phase.exchanges = await runLoad({
    phase: phase.phase,
    total,
    workers: ctx.config.concurrency,
    state: ctx.state,
    build: (state, seq, name) => (ctx.config.series ? ctx.series.build(seq) : undefined) ?? writeOnly(state, seq, name),
    probers: ctx.config.probers,
    targets: () => targets().map((n) => n.target),
    afterAnswer: inTurn(
      readYourWrites(ctx.state, readerOf, ryw),
      seriesAnswers,
      searchAfterCreate(ctx.state, readerOf, found, (id, reader, marker) => diagnoseMiss(ctx, id, reader, marker)),
    ),
    onIssue,
  });
  phase.seconds = (performance.now() - started) / 1000;
}

/**
 * What the reader's node holds of an event a search missed: its row's listed columns, whether its
 * postings exist and copy the row, and how many of them hold the digits of its marker.
 */
async function diagnoseMiss(ctx: Ctx, id: number, reader: Target, marker: string | undefined): Promise<string> {
  const node = ctx.nodes.find((n) => n.target === reader);
  if (!node) return 'reader unknown';
  const db = clusterDatabase(node.dbPort, ctx.cluster.database);
  const [row] = await db.query(
    `SELECT status, text_id AS textId, is_series AS isSeries, hide_from_listings AS hidden, published_utc AS published,
       start_utc AS start, end_utc AS end, (password IS NOT NULL AND password <> '') AS locked FROM events WHERE id = ?`,
    [id],
  );
  if (!row) return `node ${node.name}: no event row`;
  const [postings] = await db.query(
    `SELECT COUNT(1) AS n, SUM(${POSTINGS_COPY_ROW}) AS copying
     FROM search_postings sp INNER JOIN events r ON r.id = ? WHERE sp.kind = 1 AND sp.record_id = r.text_id`,
    [id],
  );
  const digits = /\d+/.exec(marker ?? '')?.[0];
  const [held] = digits
    ? await db.query(
        `SELECT COUNT(1) AS n FROM search_postings sp INNER JOIN search_passages p ON p.kind = 1 AND p.id = sp.passage_id
         WHERE sp.kind = 1 AND sp.record_id = ? AND p.text LIKE ?`,
        [row.textId, `%${digits}%`],
      )
    : [{ n: '-' }];
  return `node ${node.name} holds ${JSON.stringify(row)}; postings ${postings.n} (${postings.copying} copying the row), ${held.n} with the marker's digits`;
}

/** The instance each event was created through (its 2xx create). */
function creators(state: LoadState): Map<number, string> {
  const out = new Map<number, string>();
  for (const ex of state.exchanges) {
    if (ex.op === 'create' && ex.status !== undefined && ex.status < 300 && ex.target !== undefined) out.set(ex.target, ex.instance);
  }
  return out;
}

export const countersOf = (ctx: Ctx): Promise<Array<Counters | undefined>> => Promise.all(ctx.nodes.map((n) => readCounters(n.dbPort)));

/**
 * The checks of a phase. `readerFor` picks, from an event's creator, the instance its final state
 * is read through; `main` answers the term counts.
 */
export async function finishPhase(
  ctx: Ctx,
  phase: ClusterPhase,
  readerFor: (creator: string | undefined) => Node,
  main: Node,
  countersBefore: Array<Counters | undefined>,
): Promise<void> {
  const logs = ctx.nodes.map((n) => n.instance.logPath);
  const load = phase.exchanges.filter((ex) => ex.op !== 'ryw');
  phase.checks.push(
    checkNo5xx(phase.exchanges, failureCauses(logs)),
    checkNoNetworkErrors(phase.exchanges, () => false, ''),
    checkExplained4xx(load, ctx.state.exchanges),
    checkRejectedAnswered400(load),
  );
  if (phase.ryw) phase.checks.push(checkReadYourWrites(phase.ryw));
  if (phase.searches) phase.checks.push(checkSearchAfterCreate(phase.searches));
  log(`${phase.phase}: checking the stored state in the database and through the instances...`);
  const made = creators(ctx.state);
  const readers = new Map<number, string>();
  const api: Api = {
    client: main.client,
    token: ctx.api.token,
    readerFor: (id) => {
      const reader = readerFor(made.get(id));
      readers.set(id, reader.name);
      return reader.client;
    },
  };
  try {
    phase.checks.push(...(await stateChecks(ctx.state, phase.exchanges, ctx.db, api, { dirtyReads: ctx.config.probers })));
    phase.checks.push(...(await ctx.series.checks(ctx.db)));
    phase.notes.push(
      `final states read through instances ${formatCounts(countBy([...readers.values()], (name) => name))}; term counts through ${main.name}`,
    );
  } catch (error) {
    phase.checks.push({
      name: 'state checks ran',
      ok: false,
      summary: 'could not complete',
      examples: [(error as Error).stack ?? String(error)],
    });
  }
  phase.notes.push(counterNote(countersBefore, await countersOf(ctx)));
  ctx.phases.push(phase);
  printPhase(phase);
}

export function printPhase(phase: ClusterPhase): void {
  const byStatus = countBy(phase.exchanges, (ex) => (ex.status !== undefined ? String(ex.status) : (ex.error ?? 'error')));
  const traffic = phase.exchanges.length
    ? `${phase.exchanges.length} requests in ${phase.seconds.toFixed(1)} s (${formatCounts(byStatus)})`
    : `${phase.seconds.toFixed(1)} s`;
  console.log(`\n== ${phase.phase}: ${traffic}`);
  for (const line of checkLines(phase)) console.log(line);
  const digest = serverErrorDigest(phase);
  if (digest.length) console.log(`  5xx answers:\n${digest.map((line) => `    ${line}`).join('\n')}`);
  console.log('');
}
