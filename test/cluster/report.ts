/** The cluster test's per-phase table and its 5xx digest (the shared load report has the rest). */
import { countBy, formatCounts } from '../load/checks';
import { PhaseReport, phaseCounts, table } from '../load/report';
import { Exchange } from '../load/workload';
import { RywTally } from './read-your-writes';
import { SearchTally } from './search-after-create';

export interface ClusterPhase extends PhaseReport {
  ryw?: RywTally;
  searches?: SearchTally;
  /** Requests to an instance whose node was down (answered 503 when right; not in `exchanges`). */
  outage?: string;
}

const serverErrors = (exchanges: Exchange[]) => exchanges.filter((ex) => ex.status !== undefined && ex.status >= 500);

export function summaryTable(phases: ClusterPhase[]): string {
  const rows = [
    [
      'phase',
      'requests',
      'writes',
      '2xx',
      '4xx by code',
      '5xx by code',
      'net errors (expected)',
      'RYW reads',
      'RYW failures',
      'req/s',
      'checks passed',
      'failed',
    ],
  ];
  for (const p of phases) {
    const c = phaseCounts(p);
    const passed = p.checks.filter((check) => check.ok).length;
    const fiveXx = [...countBy(serverErrors(p.exchanges), (ex) => String(ex.status)).entries()]
      .sort()
      .map(([code, n]) => `${code}:${n}`)
      .join(' ');
    rows.push([
      p.phase,
      String(c.requests),
      String(c.writes),
      String(c.ok),
      c.client || '-',
      fiveXx || '0',
      `${c.errors} (${p.expectedErrors})`,
      p.ryw ? String(p.ryw.reads) : '-',
      p.ryw ? String(p.ryw.failures.length) : '-',
      c.requests && p.seconds ? (c.requests / p.seconds).toFixed(0) : '-',
      `${passed}/${p.checks.length}`,
      String(p.checks.length - passed),
    ]);
  }
  return table(rows);
}

const short = (text: string | undefined, max = 240) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}...` : text);

/**
 * Every distinct 5xx answer of a phase (status, error code and message), how often, on which
 * instances and operations, with one example request and body each.
 */
export function serverErrorDigest(phase: ClusterPhase): string[] {
  const bad = serverErrors(phase.exchanges);
  const groups = new Map<string, Exchange[]>();
  for (const ex of bad) {
    const json = ex.json as { code?: string; message?: string } | undefined;
    const key = `${ex.status} ${json?.code ?? '(no JSON code)'}: ${short(json?.message ?? ex.text, 120)}`;
    groups.set(key, [...(groups.get(key) ?? []), ex]);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => {
      const ex = list[0];
      const ops = formatCounts(countBy(list, (e) => `${e.op}@${e.instance}`));
      return `${list.length}x ${key} [${ops}]; e.g. #${ex.seq} ${ex.method} ${ex.path} body ${short(JSON.stringify(ex.body), 160)} -> ${short(ex.text)}`;
    });
}
