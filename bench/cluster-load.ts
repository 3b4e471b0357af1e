/**
 * Cluster mode's measurement: one autocannon per instance, all at once for the same time, the
 * connections split evenly over the instances; the figures summed (req/s) or pooled (latency).
 */
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { Catalogue } from './catalogue';
import { wasInterrupted } from './cleanup';
import { drawMixKind, NS, pick, randomInt } from './kinds';
import { percentile } from './measure';

interface SpreadOptions {
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
}

/** A request autocannon sends: a fresh one every time. */
export type RequestFactory = () => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

export interface SpreadFigures {
  name: string;
  instances: number;
  connections: number;
  /** Sum over the instances of autocannon's average of per-second response counts. */
  requestsPerSecond: number;
  /** Of every 2xx response over all instances. */
  p50Ms: number;
  p99Ms: number;
  responses: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  failures: number;
  statusCodes: Record<string, number>;
  /** req/s of each instance, to see an uneven split. */
  perInstance: number[];
  loadBefore: number[];
  loadAfter: number[];
}

const running = new Set<autocannon.Instance>();

export function stopSpread(): void {
  for (const instance of running) instance.stop();
}

const roundedLoad = () => loadavg().map((value) => Math.round(value * 100) / 100);

function one(
  origin: string,
  connections: number,
  options: SpreadOptions,
  factory: RequestFactory,
  latencies: number[],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: options.durationSeconds,
        timeout: options.timeoutSeconds,
        requests: [{ setupRequest: (request) => ({ ...request, ...factory() }) }],
      },
      (error: unknown, result: autocannon.Result) => {
        running.delete(instance);
        if (wasInterrupted()) return;
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
    running.add(instance);
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** `connections` split over `origins` (the first ones get the remainder), all measured at once. */
export async function measureSpread(
  name: string,
  origins: string[],
  options: SpreadOptions,
  factory: RequestFactory,
): Promise<SpreadFigures> {
  const share = (i: number) => Math.floor(options.connections / origins.length) + (i < options.connections % origins.length ? 1 : 0);
  const latencies: number[] = [];
  const loadBefore = roundedLoad();
  const results = await Promise.all(origins.map((origin, i) => one(origin, Math.max(1, share(i)), options, factory, latencies)));
  const statusCodes: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = (statusCodes[code] ?? 0) + (stats as { count: number }).count;
    }
  }
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  const non2xx = sum((r) => r.non2xx);
  const errors = sum((r) => r.errors);
  const timeouts = sum((r) => r.timeouts);
  return {
    name,
    instances: origins.length,
    connections: options.connections,
    requestsPerSecond: sum((r) => r.requests.average),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    responses: sum((r) => r.requests.total),
    non2xx,
    errors: errors - timeouts,
    timeouts,
    failures: non2xx + errors,
    statusCodes,
    perInstance: results.map((r) => r.requests.average),
    loadBefore,
    loadAfter: roundedLoad(),
  };
}

let written = 0;
const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;

/**
 * A valid create as an editor would send it: a title of its own (no slug clash), a start in the
 * next year, an existing category and venue by ID. No find-or-create of shared names: the bench
 * measures what replication costs a write, the cluster test measures contention.
 */
export function createRequest(catalogue: Catalogue, token: string): RequestFactory {
  return () => {
    written += 1;
    const start = new Date(Date.now() + randomInt(1, 365) * 86_400_000);
    start.setUTCHours(randomInt(8, 20), pick([0, 15, 30, 45]), 0, 0);
    const end = new Date(start.getTime() + randomInt(1, 4) * 3_600_000);
    const body = {
      title: `Bench write ${process.pid}-${written}`,
      start_date: wall(start),
      end_date: wall(end),
      categories: [pick(catalogue.categories.terms).id],
      venue: pick(catalogue.venues.ids),
    };
    return {
      method: 'POST',
      path: `${NS}/events`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    };
  };
}

/** The throughput mode's varied read mix (lists and single records), anonymous. */
export function readRequest(catalogue: Catalogue): RequestFactory {
  return () => ({ method: 'GET', path: `${NS}${drawMixKind().path(catalogue)}` });
}
