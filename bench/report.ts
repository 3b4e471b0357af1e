/** The human-readable report (markdown tables, so they paste into notes) and the JSON file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { LatencyFigures } from './latency';
import type { Measurement } from './measure';

export function table(headers: string[], rows: Array<Array<string | number>>, alignRight: boolean[] = []): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (alignRight[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(headers), rule, ...rows.map((row) => line(row.map(String)))].join('\n');
}

export const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');

export const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%`;

/**
 * Milliseconds of a fixed arithmetic loop (the best of three): how fast this machine runs
 * JavaScript right now. Shared machines differ several-fold from day to day while the load
 * average says little of it, so figures of two runs compare only with this beside them.
 */
export function cpuCheckMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = process.hrtime.bigint();
    let sum = 0;
    for (let i = 0; i < 20_000_000; i++) sum = (sum + i * 7) % 1_000_003;
    if (sum < 0) throw new Error('unreachable: keeps the loop from being optimized away');
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return Math.round(best);
}

export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, CPU check ${cpuCheckMs()} ms, load average ${load(loadavg())}`;
}

const ms = (value: number) => `${value} ms`;

/** One line per measurement: the figures asked for, the failures and the load average around it. */
export function throughputTable(measurements: Measurement[]): string {
  return table(
    [
      'Measurement',
      'req/s (avg)',
      'share of floor',
      'p50',
      'p99',
      'responses',
      'conns answered',
      'non-2xx',
      'errors',
      'timeouts',
      'load avg before',
      'load avg after',
    ],
    measurements.map((m) => [
      m.name,
      m.requestsPerSecond.toFixed(1),
      m.shareOfFloor === undefined ? '(floor)' : percent(m.shareOfFloor),
      ms(m.p50Ms),
      ms(m.p99Ms),
      m.requests,
      `${m.connectionsAnswered}/${m.connections}`,
      m.non2xx,
      m.errors,
      m.timeouts,
      load(m.loadBefore),
      load(m.loadAfter),
    ]),
    [false, true, true, true, true, true, true, true, true, true, false, false],
  );
}

export function mixTable(m: Measurement): string {
  const mix = m.mix;
  if (!mix) return '';
  return [
    `Varied mix: ${mix.sent} requests sent, ${mix.distinct} distinct paths (${percent(mix.distinctShare)} distinct).`,
    'Per kind (latency is autocannon\'s, 2xx only; "answered" excludes requests cut off at the end or timed out):',
    table(
      ['Kind', 'weight', 'sent', 'distinct', 'answered', 'non-2xx', 'p50', 'p99', 'example'],
      mix.kinds.map((k) => [
        k.name,
        k.weight,
        k.sent,
        `${k.distinct} (${k.sent === 0 ? '-' : percent(k.distinct / k.sent)})`,
        k.answered,
        k.non2xx,
        ms(k.p50Ms),
        ms(k.p99Ms),
        k.example ? `\`${k.example}\`` : '',
      ]),
      [false, true, true, true, true, true, true, true, false],
    ),
  ].join('\n');
}

export function latencyTable(figures: LatencyFigures): string {
  return table(
    ['Request', 'samples', 'p50', 'p99', 'mean', 'max', 'body (avg)', 'failures'],
    figures.kinds.map((k) => [
      `\`${k.name}\``,
      k.samples,
      ms(k.p50Ms),
      ms(k.p99Ms),
      ms(k.meanMs),
      ms(k.maxMs),
      `${(k.meanBytes / 1024).toFixed(1)} KiB`,
      k.failures,
    ]),
    [false, true, true, true, true, true, true, true],
  );
}

export function writeJson(file: string, report: unknown): string {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
