import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../dist/apps/api/src/main.js');

/** Variables of the test runner's own environment that would steer the service under test. */
const STEERING = /^(?:PORT|DB_\w+|SITE_\w+|BASE_PATH|MAX_PER_PAGE|ADMIN_TOKEN|LOG_\w+|CORS_ORIGINS|ALLOWED_HOSTS|TRUST_PROXY|E2E_\w+)$/;

/** The runner's environment without anything that configures the service, plus `env`. */
export function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !STEERING.test(name)));
  return { ...clean, ...env };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The built service running as a user starts it: its own process, working directory and environment. */
export interface RunningService {
  child: ChildProcess;
  /** Everything it printed, stdout and stderr, line by line, in arrival order. */
  lines: string[];
  /** Resolves with the first line matching, or rejects when the process ends first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function startService(options: { cwd: string; env: Record<string, string> }): RunningService {
  const child = spawn(process.execPath, [MAIN], { cwd: options.cwd, env: serviceEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts);
      for (const listener of listeners) listener();
    });
    stream.on('end', () => {
      if (pending !== '') lines.push(pending);
      for (const listener of listeners) listener();
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => setImmediate(() => resolve(code))));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const listener of listeners) listener();
  });

  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${lines.join('\n')}`)),
        timeoutMs,
      );
      const check = () => {
        const line = lines.find((candidate) => pattern.test(candidate));
        if (line !== undefined) finish(undefined, line);
        else if (ended) finish(new Error(`the service ended before printing ${pattern}:\n${lines.join('\n')}`));
      };
      const finish = (error?: Error, line?: string) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(line as string);
      };
      listeners.add(check);
      check();
    });

  return {
    child,
    lines,
    waitForLine,
    exited,
    async stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The JSON log records among the lines (anything else is left out). */
export function jsonRecords(lines: string[]): Array<Record<string, unknown>> {
  return lines.flatMap((line) => {
    try {
      const value = JSON.parse(line) as unknown;
      return value !== null && typeof value === 'object' ? [value as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}
