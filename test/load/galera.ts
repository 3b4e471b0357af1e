/**
 * A three-node MariaDB Galera cluster for a test or a bench run, through scripts/cluster.sh (issue
 * 16): in its own folder, on SQL ports that are free on this machine, stopped and removed by
 * `stop()`. The script's output goes to a log file; every call is timed.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT, tail } from './processes';

const SCRIPT = join(ROOT, 'scripts/cluster.sh');
/** The script's exit code when galera-4, rsync, the MariaDB server or root is missing. */
export const PREREQUISITE_MISSING = 3;
/** Galera ports are the SQL port + these (scripts/cluster.sh: group, IST, SST). */
const PORT_OFFSETS = [0, 1000, 2000, 3000];

interface ScriptRun {
  code: number | null;
  ms: number;
  /** What the script printed (stdout and stderr, interleaved). */
  output: string;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The first of base, base + 10, base + 20, ... (five tries) whose three SQL ports and their Galera
 * ports are all free: another cluster on this machine (someone's `npm run cluster`) keeps its ports.
 */
export async function freeBasePort(base: number, tries = 5): Promise<number> {
  for (let i = 0; i < tries; i++) {
    const candidate = base + 10 * i;
    const ports = [0, 1, 2].flatMap((n) => PORT_OFFSETS.map((offset) => candidate + n + offset));
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return candidate;
  }
  throw new Error(`no free ports for a cluster at ${base}, ${base + 10}, ... ${base + 10 * (tries - 1)} (SQL port + 0/1000/2000/3000)`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export class GaleraCluster {
  private started = false;
  /** The script while it runs (a start may be under way when the run is interrupted). */
  private running?: ChildProcess;

  constructor(
    /** The cluster's folder: must not exist yet; its parent must be searchable by the mysql user. */
    readonly dir: string,
    readonly basePort: number,
    /** Where the script's output is appended. */
    readonly logPath: string,
    readonly database = 'calendar',
  ) {}

  get ports(): number[] {
    return [this.basePort, this.basePort + 1, this.basePort + 2];
  }

  port(node: number): number {
    return this.basePort + node - 1;
  }

  private run(args: string[], timeoutMs = 300_000): Promise<ScriptRun> {
    const started = performance.now();
    appendFileSync(this.logPath, `----- ${new Date().toISOString()} scripts/cluster.sh ${args.join(' ')}\n`);
    const child = spawn('bash', [SCRIPT, ...args, '--dir', this.dir], {
      cwd: ROOT,
      env: { ...process.env, CLUSTER_DB: this.database, CLUSTER_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: an interrupted run signals the whole group (see stop()).
      detached: true,
    });
    this.running = child;
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      appendFileSync(this.logPath, chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), timeoutMs);
    return new Promise((resolve) => {
      child.once('close', (code) => {
        clearTimeout(timer);
        if (this.running === child) this.running = undefined;
        resolve({ code, ms: performance.now() - started, output });
      });
    });
  }

  /** Starts the three nodes and returns once all are Synced (exit 0), or the script's failure. */
  async start(): Promise<ScriptRun> {
    this.started = true;
    return this.run(['start', '--base-port', String(this.basePort)]);
  }

  /** `kill -9` of one node's mariadbd. */
  killNode(node: number): Promise<ScriptRun> {
    return this.run(['kill-node', String(node)]);
  }

  /** Starts a stopped or killed node again; returns once it is Synced. */
  restartNode(node: number): Promise<ScriptRun> {
    return this.run(['restart-node', String(node)]);
  }

  status(): Promise<ScriptRun> {
    return this.run(['status']);
  }

  /** Stops the nodes this cluster started (by PID) and removes its folder. */
  async stop(): Promise<ScriptRun | undefined> {
    const busy = this.running;
    if (busy && busy.exitCode === null && busy.signalCode === null) {
      // An interrupted start stops the nodes it launched (its EXIT trap); wait for that first.
      // bash acts on SIGINT only once its current command died of it too: signal the group.
      const closed = new Promise((resolve) => busy.once('close', resolve));
      signalGroup(busy, 'SIGINT');
      await closed;
    }
    if (!this.started || !existsSync(this.dir)) return undefined;
    const result = await this.run(['stop', '--clean'], 200_000);
    this.started = existsSync(this.dir);
    return result;
  }

  errorLog(node: number): string {
    return join(this.dir, `node${node}`, 'error.log');
  }

  errorLogTail(node: number, lines = 20): string {
    return tail(this.errorLog(node), lines);
  }

  /** Copies the nodes' error logs to `folder` (before `stop()` removes them). */
  keepErrorLogs(folder: string): string[] {
    mkdirSync(folder, { recursive: true });
    const kept: string[] = [];
    for (const node of [1, 2, 3]) {
      if (!existsSync(this.errorLog(node))) continue;
      const target = join(folder, `galera-node${node}-error.log`);
      copyFileSync(this.errorLog(node), target);
      kept.push(target);
    }
    return kept;
  }
}
