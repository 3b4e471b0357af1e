import { existsSync, readFileSync } from 'node:fs';
import { CheckResult, countBy, formatCounts } from './checks';
import { Exchange, SERIES_OPS, WRITE_OPS } from './workload';

export interface PhaseReport {
  database: string;
  phase: string;
  exchanges: Exchange[];
  seconds: number;
  /** Network errors the phase provoked on purpose (in flight to the instance killed with -9). */
  expectedErrors: number;
  checks: CheckResult[];
  notes: string[];
}

export function phaseCounts(report: PhaseReport) {
  const ex = report.exchanges;
  const ok = ex.filter((e) => e.status !== undefined && e.status < 300).length;
  const client = ex.filter((e) => e.status !== undefined && e.status >= 400 && e.status < 500);
  const server = ex.filter((e) => e.status !== undefined && e.status >= 500).length;
  const errors = ex.filter((e) => e.error !== undefined).length;
  return {
    requests: ex.length,
    writes: ex.filter((e) => WRITE_OPS.has(e.op) || SERIES_OPS.has(e.op)).length,
    ok,
    client: [...countBy(client, (e) => String(e.status)).entries()]
      .sort()
      .map(([code, n]) => `${code}:${n}`)
      .join(' '),
    clientTotal: client.length,
    server,
    errors,
  };
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => pad(cell, widths[i])).join('  ')).join('\n');
}

/** The per-database summary table: one row per phase. */
export function summaryTable(reports: PhaseReport[]): string {
  const rows = [
    ['database', 'phase', 'requests', 'writes', '2xx', '4xx by code', '5xx', 'net errors (expected)', 'req/s', 'checks passed', 'failed'],
  ];
  for (const r of reports) {
    const c = phaseCounts(r);
    const passed = r.checks.filter((check) => check.ok).length;
    rows.push([
      r.database,
      r.phase,
      String(c.requests),
      String(c.writes),
      String(c.ok),
      c.client || '-',
      String(c.server),
      `${c.errors} (${r.expectedErrors})`,
      c.requests && r.seconds ? (c.requests / r.seconds).toFixed(0) : '-',
      `${passed}/${r.checks.length}`,
      String(r.checks.length - passed),
    ]);
  }
  return table(rows);
}

export function checkLines(report: PhaseReport): string[] {
  const lines: string[] = [];
  for (const check of report.checks) {
    lines.push(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.name}: ${check.summary}`);
    for (const example of check.examples) lines.push(`          - ${example}`);
  }
  for (const note of [...report.notes, writeLatencyNote(report)]) if (note) lines.push(`  note  ${note}`);
  return lines;
}

/** Percentiles of the answered writes' times (request sent to answer read): a figure, never a check. */
function writeLatencyNote(report: PhaseReport): string | undefined {
  const times = report.exchanges
    .filter((e) => e.status !== undefined && (WRITE_OPS.has(e.op) || SERIES_OPS.has(e.op)))
    .map((e) => e.endAt - e.startedAt)
    .sort((a, b) => a - b);
  if (times.length === 0) return undefined;
  const byOp = new Map<string, number[]>();
  for (const e of report.exchanges) {
    if (e.status === undefined || !(WRITE_OPS.has(e.op) || SERIES_OPS.has(e.op))) continue;
    byOp.set(e.op, [...(byOp.get(e.op) ?? []), e.endAt - e.startedAt]);
  }
  const perOp = [...byOp]
    .map(([op, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return `${op} ${sorted.length}: ${percentile(sorted, 0.5)}/${percentile(sorted, 0.99)}`;
    })
    .join(', ');
  return (
    `answered writes: ${times.length}, time to answer p50 ${percentile(times, 0.5)} ms, ` +
    `p99 ${percentile(times, 0.99)} ms, max ${percentile(times, 1)} ms (p50/p99 by kind: ${perOp})`
  );
}

function percentile(sorted: number[], share: number): string {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)].toFixed(0);
}

// eslint-disable-next-line no-control-regex
export const ANSI = /\x1b\[[0-9;]*m/g;

/** What the service logged for each failed request it served, by request ID (`request <id> <method> <url> failed: <cause>`). */
export function failureCauses(logPaths: string[]): Map<string, string> {
  const causes = new Map<string, string>();
  for (const path of logPaths) {
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const match = /request (\S+) \S+ \S+ failed: (.*)$/.exec(line.replace(ANSI, ''));
      if (match) causes.set(match[1], match[2].trim().slice(0, 200));
    }
  }
  return causes;
}

/** The most frequent error lines of a service log, with numbers blanked so that alike lines group. */
export function errorDigest(logPath: string, top = 8): string[] {
  if (!existsSync(logPath)) return [];
  const lines = readFileSync(logPath, 'utf8').split('\n');
  const interesting = lines
    .map((line) => line.replace(ANSI, '').trim())
    .filter((line) => /error|ER_[A-Z_]+|SQLITE_|deadlock|locked|timeout|exception/i.test(line) && !/^at /.test(line))
    .map((line) =>
      line
        .replace(/^\[Nest\]\s+\d+\s+-\s[^A-Z]*(?:AM|PM)?\s*/, '')
        .replace(/request \S+ /, 'request <id> ')
        .replace(/\d+/g, 'N')
        .slice(0, 220),
    );
  return [...countBy(interesting, (line) => line).entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([line, n]) => `${n}x ${line}`);
}

export { formatCounts };
