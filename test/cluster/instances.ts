/** The three service instances of the cluster test: one per Galera node, started together. */
import { join } from 'node:path';
import { CheckResult } from '../load/checks';
import { HttpClient } from '../load/http-client';
import { freePort, probeReady, ServiceInstance } from '../load/processes';
import { ANSI } from '../load/report';
import { Target } from '../load/workload';

const READY_TIMEOUT_MS = 90_000;

export interface Node {
  name: string;
  instance: ServiceInstance;
  client: HttpClient;
  target: Target;
  /** The SQL port of the Galera node this instance uses. */
  dbPort: number;
}

/** Instance N on node N, each with its own free HTTP port and log file, the same settings otherwise. */
export async function makeNodes(
  dbPorts: number[],
  logDir: string,
  settings: Record<string, string>,
  requestTimeoutMs: number,
): Promise<Node[]> {
  const nodes: Node[] = [];
  for (const [index, dbPort] of dbPorts.entries()) {
    const name = String(index + 1);
    const port = await freePort();
    const instance = new ServiceInstance(name, port, join(logDir, `instance-${name}.log`), {
      ...settings,
      DB_HOST: '127.0.0.1',
      DB_PORT: String(dbPort),
    });
    const client = new HttpClient(port, requestTimeoutMs);
    nodes.push({ name, instance, client, target: { name, client }, dbPort });
  }
  return nodes;
}

/**
 * Migrations that failed in an instance during the start-up race (e.g. "Table 'users' already
 * exists": two nodes ran the same CREATE TABLE, Galera does not replicate GET_LOCK). An instance
 * may still come up through TypeORM's connection retries, but the migration ran more than once.
 */
function migrationFailures(node: Node): string[] {
  const lines = node.instance
    .tail(2_000)
    .split('\n')
    .map((l) => l.replace(ANSI, '').trim());
  const failed = lines.filter((l) => /^Migration ".*" failed/.test(l));
  const retried = lines.filter((l) => /Unable to connect to the database\. Retrying/.test(l)).length;
  return failed.map((l) => `instance ${node.name}: ${l.slice(0, 200)}${retried ? ` (then ${retried} TypeORM connection retries)` : ''}`);
}

/**
 * All three at the same moment on the empty database, so that all of them find migrations to run.
 * One that fails gets one more start (on the now-migrated database) so the run can go on; the
 * failure stays reported.
 */
export async function startTogether(nodes: Node[]): Promise<{ checks: CheckResult[]; readyMs: number[] }> {
  const started = performance.now();
  const readyMs: number[] = nodes.map(() => NaN);
  for (const node of nodes) node.instance.start();
  const outcomes = await Promise.allSettled(
    nodes.map(async (node, i) => {
      await node.instance.waitReady(READY_TIMEOUT_MS);
      readyMs[i] = performance.now() - started;
    }),
  );
  const failures: string[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue;
    failures.push(`${(outcome.reason as Error).message}; log tail: ${nodes[i].instance.tail(6).replace(/\n/g, ' | ')}`);
  }
  for (const node of nodes) {
    if (node.instance.running && (await probeReady(node.instance.port)).status === 200) continue;
    await node.instance.stop(5_000);
    node.instance.start();
    await node.instance.waitReady(READY_TIMEOUT_MS);
  }
  const raced = nodes.flatMap(migrationFailures);
  const times = readyMs.map((ms, i) => `${nodes[i].name}: ${Number.isNaN(ms) ? 'failed' : `${(ms / 1000).toFixed(1)} s`}`).join(', ');
  return {
    checks: [
      {
        name: 'three instances started together on the empty cluster database all become ready',
        ok: failures.length === 0,
        summary: `${failures.length ? 'FAILED; ' : ''}ready after ${times}`,
        examples: failures,
      },
      {
        name: 'no migration failed in the start-up race (each runs once, on one instance)',
        ok: raced.length === 0,
        summary: raced.length ? `${raced.length} failed migration runs logged` : 'no instance logged a failed migration',
        examples: raced,
      },
    ],
    readyMs,
  };
}
