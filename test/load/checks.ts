import { Exchange } from './workload';

// What every check of the load harness returns, and the small helpers the checks and the reports share.

export interface CheckResult {
  name: string;
  ok: boolean;
  summary: string;
  examples: string[];
}

export const MAX_EXAMPLES = 5;

export function result(name: string, failures: string[], summary: string): CheckResult {
  return {
    name,
    ok: failures.length === 0,
    summary: failures.length ? `${failures.length} failed; ${summary}` : summary,
    examples: failures.slice(0, MAX_EXAMPLES),
  };
}

export const short = (value: unknown, max = 300) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}...` : text;
};

export const describe = (ex: Exchange) => `#${ex.seq} ${ex.op} ${ex.method} ${ex.path} on ${ex.instance} (${ex.phase})`;

export type Outcome = 'ok' | 'failed' | 'unknown';
/** 2xx: it happened; 4xx/5xx: it must have changed nothing; a network error: nobody knows. */
export function outcome(ex: Exchange): Outcome {
  if (ex.error !== undefined || ex.status === undefined) return 'unknown';
  return ex.status < 300 ? 'ok' : 'failed';
}

export function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + 1);
  return map;
}

export function formatCounts(counts: Map<string, number>): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}
