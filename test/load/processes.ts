import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../..');
const API_MAIN = join(ROOT, 'dist/apps/api/src/main.js');
const CLI_MAIN = join(ROOT, 'dist/apps/cli/src/main.js');

/** Variables of .env.example (and a few more the service reads): a caller's shell must not leak them in. */
const CONFIG_VARIABLES = [
  'PORT',
  'DB_TYPE',
  'DB_PATH',
  'DB_HOST',
  'DB_PORT',
  'DB_USER',
  'DB_PASSWORD',
  'DB_NAME',
  'SITE_URL',
  'SITE_TIMEZONE',
  'BASE_PATH',
  'MAX_PER_PAGE',
  'ADMIN_TOKEN',
  'LOG_LEVEL',
  'CORS_ORIGINS',
  'ALLOWED_HOSTS',
  'TRUST_PROXY',
  'SHUTDOWN_TIMEOUT_MS',
  'ICS_MAX_EVENTS',
  'RATE_LIMIT_WINDOW',
  'RATE_LIMIT_AUTH_FAILURES',
  'RATE_LIMIT_PASSWORD_FAILURES',
  'RATE_LIMIT_WRITES',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
];

/** The environment of a service or CLI process: ours, plus the caller's minus any service setting. */
function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return { ...env, ...settings };
}

/** Every child this run started, so that an interrupted run leaves none behind. */
const children = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the exit was seen. */
  at: number;
}

/** The last lines of a log file (for failure reports). */
export function tail(path: string, lines: number): string {
  if (!existsSync(path)) return '(no log)';
  const text = readFileSync(path, 'utf8').trimEnd().split('\n');
  return text.slice(-lines).join('\n');
}

function appendLine(path: string, line: string): void {
  const fd = openSync(path, 'a');
  writeSync(fd, line + '\n');
  closeSync(fd);
}

/** GET /ready on a fresh connection: true on 200. */
export function probeReady(port: number, timeoutMs = 2_000): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/ready', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/**
 * One service process (`node dist/apps/api/src/main.js`) on its own port; stdout and stderr go
 * straight to a log file, so the log survives whatever happens to this runner.
 */
export class ServiceInstance {
  private child?: ChildProcess;
  private exitPromise?: Promise<ExitInfo>;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly logPath: string,
    private readonly settings: Record<string, string>,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get exited(): Promise<ExitInfo> {
    if (!this.exitPromise) throw new Error(`${this.name} was never started.`);
    return this.exitPromise;
  }

  start(): void {
    this.starts += 1;
    appendLine(this.logPath, `----- ${new Date().toISOString()} start #${this.starts} of instance ${this.name} on port ${this.port}`);
    const fd = openSync(this.logPath, 'a');
    const child = spawn(process.execPath, [API_MAIN], {
      cwd: ROOT,
      env: childEnv({ ...this.settings, PORT: String(this.port) }),
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    children.add(child);
    this.child = child;
    this.exitPromise = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        children.delete(child);
        resolve({ code, signal, at: performance.now() });
      });
    });
  }

  /** Resolves when /ready answers 200; rejects when the process exits or the time is up. */
  async waitReady(timeoutMs: number): Promise<void> {
    const child = this.child;
    if (!child) throw new Error(`${this.name} was never started.`);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`instance ${this.name} exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
      }
      if ((await probeReady(this.port, 1_000)).status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`instance ${this.name} was not ready within ${timeoutMs / 1000} s`);
  }

  signal(signal: NodeJS.Signals): number {
    const at = performance.now();
    if (this.running) this.child?.kill(signal);
    appendLine(this.logPath, `----- ${new Date().toISOString()} the test sent ${signal} to instance ${this.name}`);
    return at;
  }

  /** SIGTERM, then SIGKILL when it has not exited in time. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running || !this.exitPromise) return;
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.exitPromise;
    clearTimeout(timer);
  }

  tail(lines = 30): string {
    return tail(this.logPath, lines);
  }
}

export interface CliResult {
  args: string[];
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the built CLI (`node dist/apps/cli/src/main.js ...`) asynchronously, so it can run alongside the load. */
export function runCli(args: string[], settings: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd: ROOT, env: childEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ args, code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** The one JSON line a CLI command prints, or an error saying what it printed instead. */
export function cliJson(result: CliResult): Record<string, unknown> {
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
  if (result.code !== 0 || lines.length !== 1) {
    throw new Error(
      `cli ${result.args.join(' ')} exited ${result.code ?? result.signal} with stdout ${JSON.stringify(result.stdout.slice(0, 500))}, ` +
        `stderr ${JSON.stringify(result.stderr.slice(-1000))}`,
    );
  }
  return JSON.parse(lines[0]) as Record<string, unknown>;
}
