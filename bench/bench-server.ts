import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { onCleanup, stopChild } from './cleanup';

const ROOT = join(__dirname, '..');
const READY_TIMEOUT_MS = 60_000;

/** A port nobody listens on right now, found by letting the system pick one on loopback. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

/** The built service as `npm start` runs it, on its own port and database. */
export class BenchServer {
  private process?: ChildProcess;
  private unregister?: () => void;
  private tail = '';
  /** Characters the service has written to stdout and stderr so far. */
  private written = 0;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  async start(): Promise<void> {
    // BENCH_SERVICE_NODE_ARGS: options for the service's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
    const nodeArgs = (this.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
    const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/apps/api/src/main.js')], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process = child;
    this.unregister = onCleanup('the service', () => stopChild(child));
    const keep = (chunk: Buffer) => {
      this.written += chunk.length;
      this.tail = (this.tail + chunk.toString()).slice(-4_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await this.waitUntilReady(child);
  }

  /** A mark to pass to `outputSince`. */
  outputMark(): number {
    return this.written;
  }

  /** What the service logged since the mark (at most the last 4,000 characters); empty if nothing. */
  outputSince(mark: number): string {
    const count = this.written - mark;
    return count <= 0 ? '' : this.tail.slice(-Math.min(count, this.tail.length));
  }

  /** True while the service process runs. */
  get running(): boolean {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}:\n${this.tail}`);
      try {
        if ((await fetch(`${this.origin}/ready`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The service was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.tail}`);
  }

  /** SIGTERM (the service shuts down gracefully), SIGKILL if it has not exited in time. */
  async stop(): Promise<void> {
    if (!this.process) return;
    await stopChild(this.process);
    this.unregister?.();
  }
}

/**
 * The built service for a write bench: its own administrator token, no write rate limit, quiet
 * logs, no base path and UTC; `env` adds what one bench needs. Answers the started server and the
 * headers an administrator's JSON write sends.
 */
export async function startWriteServer(
  databaseEnv: NodeJS.ProcessEnv,
  env: NodeJS.ProcessEnv = {},
): Promise<{ server: BenchServer; headers: Record<string, string> }> {
  const token = `bench-admin-${randomBytes(12).toString('hex')}`;
  const server = new BenchServer(await freePort(), {
    ...process.env,
    ...databaseEnv,
    ADMIN_TOKEN: token,
    RATE_LIMIT_WRITES: '0',
    LOG_LEVEL: 'warn',
    BASE_PATH: '',
    SITE_TIMEZONE: 'UTC',
    ...env,
  });
  await server.start();
  return { server, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } };
}
