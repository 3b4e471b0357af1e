import { join } from 'node:path';
import { CheckResult } from '../load/checks';
import { TestDatabase } from '../load/database';
import { Api } from '../load/event-states';
import { HttpClient } from '../load/http-client';
import { probeReady, ServiceInstance } from '../load/processes';
import { ANSI, PhaseReport } from '../load/report';
import { LoadState, Target } from '../load/workload';
import { DbKind, RunConfig } from './config';

// One database's run: its two service instances (A and B), the load's state, and the helpers every phase reports with.

export const READY_TIMEOUT_MS = 60_000;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

export function check(name: string, failures: string[], summary: string): CheckResult {
  return { name, ok: failures.length === 0, summary: failures.length ? `FAILED; ${summary}` : summary, examples: failures.slice(0, 5) };
}

interface Node {
  instance: ServiceInstance;
  client: HttpClient;
  target: Target;
}

export interface DatabaseRun {
  kind: DbKind;
  db: TestDatabase;
  a: Node;
  b: Node;
  state: LoadState;
  api: Api;
  reports: PhaseReport[];
  /** MySQL: the server's deadlock count when the current phase began. */
  deadlocksAtStart?: number;
}

export function node(name: string, port: number, logDir: string, settings: Record<string, string>, config: RunConfig): Node {
  const instance = new ServiceInstance(name, port, join(logDir, `instance-${name}.log`), settings);
  const client = new HttpClient(port, config.requestTimeoutMs);
  return { instance, client, target: { name, client } };
}

/** Start-up of A and B on the fresh database: together (both migrate at once) or one after the other. */
export async function startBoth(a: Node, b: Node, together: boolean): Promise<CheckResult> {
  const started = performance.now();
  const failures: string[] = [];
  if (together) {
    a.instance.start();
    b.instance.start();
    const results = await Promise.allSettled([a.instance.waitReady(READY_TIMEOUT_MS), b.instance.waitReady(READY_TIMEOUT_MS)]);
    for (const [index, outcome] of results.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const n = index === 0 ? a : b;
      failures.push(`${(outcome.reason as Error).message}; log tail: ${n.instance.tail(6).replace(/\n/g, ' | ')}`);
    }
  } else {
    for (const n of [a, b]) {
      n.instance.start();
      try {
        await n.instance.waitReady(READY_TIMEOUT_MS);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  }
  // Whatever failed gets one more start on the now-migrated database, so the load can still run.
  for (const n of [a, b]) {
    if (n.instance.running && (await probeReady(n.instance.port)).status === 200) continue;
    await n.instance.stop();
    n.instance.start();
    await n.instance.waitReady(READY_TIMEOUT_MS);
  }
  const retried = [a, b].flatMap((n) => {
    const lines = n.instance
      .tail(400)
      .split('\n')
      .map((l) => l.replace(ANSI, '').trim());
    const error = lines.find((l) => /^(?:Migration .* failed|error:)/i.test(l));
    const retry = lines.some((l) => /Retrying/.test(l));
    return error ? [`${n.instance.name} logged "${error.slice(0, 160)}"${retry ? ' and retried' : ''}`] : [];
  });
  const summary =
    `${together ? 'started together' : 'A, then B'}; both ready after ${seconds(performance.now() - started)}` +
    (retried.length ? ` (${retried.join('; ')})` : '');
  return check(`both instances start on a fresh database (${together ? 'at once' : 'one after the other'})`, failures, summary);
}
