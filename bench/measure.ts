import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Loads one URL with `connections` concurrent keep-alive connections for `durationSeconds`. */
export async function measure(
  name: string,
  origin: string,
  path: string,
  options: { connections: number; durationSeconds: number },
): Promise<Measurement> {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 30,
  });
  return {
    name,
    path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function describe(m: Measurement): string {
  return [
    `${m.name}`,
    `  GET ${m.path}`,
    `  ${m.requestsPerSecond.toFixed(1)} req/s (average), latency p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`,
    `  ${m.requests} requests, non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}`,
  ].join('\n');
}
