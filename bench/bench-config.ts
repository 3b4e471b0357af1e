/** Settings of one benchmark run; the environment may override the load, within bounds. */
export interface BenchConfig {
  events: number;
  durationSeconds: number;
  connections: number;
}

function boundedInteger(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    throw new Error(`${name} must be an integer from 1 to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

export function benchConfig(): BenchConfig {
  return {
    events: boundedInteger('BENCH_EVENTS', 10_000, 1_000_000),
    durationSeconds: boundedInteger('BENCH_DURATION', 10, 300),
    connections: boundedInteger('BENCH_CONNECTIONS', 50, 1_000),
  };
}
