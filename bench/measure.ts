/** Throughput mode's measurements: autocannon against one path, or against a stream of varied paths. */
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { Catalogue } from './catalogue';
import { wasInterrupted } from './cleanup';
import { drawMixKind, MIX_KINDS, NS } from './kinds';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
}

export interface Measurement {
  name: string;
  /** The path, or a description of the mix. */
  path: string;
  /** Average of autocannon's per-second response counts. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** More of autocannon's latency distribution (2xx only), for the JSON file. */
  latencyMs: { mean: number; p75: number; p90: number; p97_5: number; max: number };
  /** Responses received (any status). */
  requests: number;
  /** Requests written, answered or not (those in flight when the time is up are never answered). */
  sent: number;
  /**
   * Connections that received at least one response. Fewer than `connections` means the server
   * left some connections waiting the whole time (e.g. not yet accepted).
   */
  connectionsAnswered: number;
  connections: number;
  non2xx: number;
  /** Connection errors, timeouts not included. */
  errors: number;
  timeouts: number;
  failures: number;
  statusCodes: Record<string, number>;
  /** Load average (1, 5, 15 min) just before and just after the measurement. */
  loadBefore: number[];
  loadAfter: number[];
  /** requestsPerSecond as a share of the floor's (0.068 = 6.8 %); absent for the floor itself. */
  shareOfFloor?: number;
  mix?: MixFigures;
}

interface MixKindFigures {
  name: string;
  weight: number;
  sent: number;
  distinct: number;
  answered: number;
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
  example: string;
}

interface MixFigures {
  sent: number;
  distinct: number;
  /** distinct / sent. */
  distinctShare: number;
  kinds: MixKindFigures[];
}

let running: autocannon.Instance | undefined;

/** Stops the load that is running, if any (on Ctrl-C). */
export function stopLoad(): void {
  running?.stop();
}

const roundedLoad = () => loadavg().map((load) => Math.round(load * 100) / 100);

/** Nearest-rank percentile of unsorted values (0 when there are none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface Run {
  result: autocannon.Result;
  connectionsAnswered: number;
}

/** autocannon with its callback (which returns the instance, for `stop()` and its events). */
function run(options: autocannon.Options, listen?: (instance: autocannon.Instance) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const answered = new Set<object>();
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) => {
      running = undefined;
      // Interrupted: leave the promise pending; the signal handler cleans up and exits.
      if (wasInterrupted()) return;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve({ result, connectionsAnswered: answered.size });
    });
    running = instance;
    instance.on('response', (client) => answered.add(client));
    listen?.(instance);
  });
}

function figures(name: string, path: string, { result, connectionsAnswered }: Run, connections: number, loadBefore: number[]): Measurement {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]),
  );
  return {
    name,
    path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    latencyMs: {
      mean: result.latency.mean,
      p75: result.latency.p75,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      max: result.latency.max,
    },
    requests: result.requests.total,
    sent: (result.requests as { sent?: number }).sent ?? 0,
    connectionsAnswered,
    connections,
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    failures: result.non2xx + result.errors,
    statusCodes,
    loadBefore,
    loadAfter: roundedLoad(),
  };
}

/** One path, again and again, from `connections` keep-alive connections. */
export async function measurePath(name: string, origin: string, path: string, options: LoadOptions): Promise<Measurement> {
  const loadBefore = roundedLoad();
  const result = await run({
    url: `${origin}${path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: options.timeoutSeconds,
  });
  return figures(name, path, result, options.connections, loadBefore);
}

interface KindTally {
  sent: number;
  paths: Set<string>;
  answered: number;
  non2xx: number;
  latencies: number[];
  example: string;
}

/**
 * The varied mix: every request gets a fresh path from a kind of MIX_KINDS drawn by weight.
 * Latency per kind is autocannon's own response time, matched to the kind through the
 * connection's context (one request in flight per connection).
 */
export async function measureMix(name: string, origin: string, catalogue: Catalogue, options: LoadOptions): Promise<Measurement> {
  const tallies = new Map<string, KindTally>(
    MIX_KINDS.map((kind) => [kind.name, { sent: 0, paths: new Set(), answered: 0, non2xx: 0, latencies: [], example: '' }]),
  );
  const allPaths = new Set<string>();
  let sent = 0;
  let answeredKind: string | undefined;
  const loadBefore = roundedLoad();
  const result = await run(
    {
      url: origin,
      connections: options.connections,
      duration: options.durationSeconds,
      timeout: options.timeoutSeconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request, context) => {
            const kind = drawMixKind();
            const path = `${NS}${kind.path(catalogue)}`;
            const tally = tallies.get(kind.name) as KindTally;
            tally.sent++;
            tally.paths.add(path);
            tally.example ||= path;
            allPaths.add(path);
            sent++;
            (context as { kind?: string }).kind = kind.name;
            return { ...request, path };
          },
          onResponse: (_status, _body, context) => {
            answeredKind = (context as { kind?: string }).kind;
          },
        },
      ],
    },
    // 'response' is emitted right after onResponse, for the same response.
    (instance) =>
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        const tally = answeredKind === undefined ? undefined : tallies.get(answeredKind);
        answeredKind = undefined;
        if (!tally) return;
        tally.answered++;
        if (statusCode < 200 || statusCode > 299) tally.non2xx++;
        else tally.latencies.push(responseTime);
      }),
  );
  const measurement = figures(name, `varied mix of ${MIX_KINDS.length} kinds`, result, options.connections, loadBefore);
  measurement.mix = {
    sent,
    distinct: allPaths.size,
    distinctShare: sent === 0 ? 0 : allPaths.size / sent,
    kinds: MIX_KINDS.map((kind) => {
      const t = tallies.get(kind.name) as KindTally;
      return {
        name: kind.name,
        weight: kind.weight,
        sent: t.sent,
        distinct: t.paths.size,
        answered: t.answered,
        non2xx: t.non2xx,
        p50Ms: Math.round(percentile(t.latencies, 50)),
        p99Ms: Math.round(percentile(t.latencies, 99)),
        example: t.example,
      };
    }),
  };
  return measurement;
}
