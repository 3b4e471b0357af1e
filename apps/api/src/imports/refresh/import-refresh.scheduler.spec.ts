import { AppConfig } from '@app/config';
import { DueImportSource, DueImportSourcesRepository, LeasesRepository } from '@app/domain';
import { Logger } from '@nestjs/common';
import { ShutdownState } from '../../lifecycle/shutdown-state';
import { ImportRefreshScheduler, ImportSourceRunner } from './import-refresh.scheduler';

/** Leases in memory with the repository's rules: one holder at a time, no expiry needed here. */
class LeasesDouble {
  readonly holders = new Map<string, string>();
  acquisitions = 0;
  renewals = 0;
  loseOnRenewal = Infinity;

  async tryAcquire(name: string, holder: string): Promise<boolean> {
    this.acquisitions += 1;
    if ((this.holders.get(name) ?? holder) !== holder) return false;
    this.holders.set(name, holder);
    return true;
  }
  async renew(name: string, holder: string): Promise<boolean> {
    this.renewals += 1;
    if (this.renewals >= this.loseOnRenewal) this.holders.set(name, 'someone else');
    return this.holders.get(name) === holder;
  }
  async release(name: string, holder: string): Promise<void> {
    if (this.holders.get(name) === holder) this.holders.delete(name);
  }
}

/** Due sources in memory: `nextRun` per source, a claim moves it like the conditional UPDATE does. */
class DueSourcesDouble {
  readonly nextRun = new Map<number, number>();
  constructor(private readonly refreshSeconds = 3600) {}

  async due(now: Date, limit: number): Promise<DueImportSource[]> {
    return [...this.nextRun]
      .filter(([, at]) => at <= now.getTime())
      .slice(0, limit)
      .map(([id]) => ({ id, refreshSeconds: this.refreshSeconds }));
  }
  async claim(source: DueImportSource, now: Date): Promise<boolean> {
    if ((this.nextRun.get(source.id) ?? Infinity) > now.getTime()) return false;
    this.nextRun.set(source.id, now.getTime() + source.refreshSeconds * 1000);
    return true;
  }
}

function scheduler(options: { checkSeconds?: number; runner: ImportSourceRunner; leases?: LeasesDouble; due?: DueSourcesDouble }) {
  const leases = options.leases ?? new LeasesDouble();
  const due = options.due ?? new DueSourcesDouble();
  const shutdown = new ShutdownState();
  const config = { importRefreshCheckSeconds: options.checkSeconds ?? 0 } as AppConfig;
  const instance = new ImportRefreshScheduler(
    config,
    leases as unknown as LeasesRepository,
    due as unknown as DueImportSourcesRepository,
    options.runner,
    shutdown,
  );
  return { instance, leases, due, shutdown };
}

const recordingRunner = () => {
  const runs: number[] = [];
  return { runs, runSource: async (id: number) => void runs.push(id) };
};

describe('ImportRefreshScheduler', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.useRealTimers());

  it('runs every due source once with trigger refresh and moves its next run ahead; sources not due wait', async () => {
    const calls: Array<[number, string]> = [];
    const { instance, due } = scheduler({ runner: { runSource: async (id, options) => void calls.push([id, options.trigger]) } });
    due.nextRun
      .set(1, Date.now() - 1000)
      .set(2, Date.now() - 10)
      .set(3, Date.now() + 60_000);
    expect(await instance.check()).toEqual({ leaseHeld: true, ran: [1, 2], failed: [] });
    expect(calls).toEqual([
      [1, 'refresh'],
      [2, 'refresh'],
    ]);
    expect(await instance.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
  });

  it('takes no lease (writes nothing) when no source is due', async () => {
    const { instance, due, leases } = scheduler({ runner: recordingRunner() });
    due.nextRun.set(1, Date.now() + 60_000);
    expect(await instance.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
    expect(leases.acquisitions).toBe(0);
  });

  it('does nothing while another instance holds the lease, and releases its own lease after a check', async () => {
    const { instance, due, leases } = scheduler({ runner: recordingRunner() });
    due.nextRun.set(1, 0);
    leases.holders.set('import-refresh', 'other instance');
    expect(await instance.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
    leases.holders.clear();
    expect((await instance.check()).ran).toEqual([1]);
    expect(leases.holders.size).toBe(0);
  });

  it('two schedulers on one database share the work: each due source runs once', async () => {
    const runner = recordingRunner();
    const leases = new LeasesDouble();
    const due = new DueSourcesDouble();
    for (let id = 1; id <= 30; id++) due.nextRun.set(id, 0);
    const a = scheduler({ runner, leases, due }).instance;
    const b = scheduler({ runner, leases, due }).instance;
    await Promise.all([a.check(), b.check(), a.check(), b.check()]);
    expect([...runner.runs].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('a failing source is reported and the others still run; it waits for its next period', async () => {
    const { instance, due } = scheduler({
      runner: {
        runSource: async (id) => {
          if (id === 2) throw new Error('feed gone');
        },
      },
    });
    due.nextRun.set(1, 0).set(2, 0).set(3, 0);
    expect(await instance.check()).toEqual({ leaseHeld: true, ran: [1, 3], failed: [2] });
    expect(await instance.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
  });

  it('stops before the next source once its lease is lost or the shutdown began', async () => {
    const runner = recordingRunner();
    const leases = new LeasesDouble();
    leases.loseOnRenewal = 3;
    const { instance, due } = scheduler({ runner, leases });
    for (let id = 1; id <= 5; id++) due.nextRun.set(id, 0);
    expect((await instance.check()).ran).toEqual([1, 2]);

    const draining = scheduler({ runner: recordingRunner() });
    draining.due.nextRun.set(1, 0);
    draining.shutdown.begin();
    expect(await draining.instance.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
  });

  it('a check asked for while one runs joins it instead of overlapping', async () => {
    let release!: () => void;
    let started = 0;
    const { instance, due } = scheduler({
      runner: {
        runSource: () => {
          started += 1;
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    due.nextRun.set(1, 0);
    const first = instance.check();
    const second = instance.check();
    expect(second).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await first;
    expect(started).toBe(1);
  });

  it('with a check interval, looks on a timer that does not keep the process alive, until the module is destroyed', async () => {
    jest.useFakeTimers();
    const runner = recordingRunner();
    const { instance, due } = scheduler({ checkSeconds: 30, runner });
    due.nextRun.set(1, 0);
    instance.onApplicationBootstrap();
    expect(jest.getTimerCount()).toBe(1);
    expect((instance as unknown as { timer: NodeJS.Timeout }).timer.hasRef()).toBe(false);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(runner.runs).toEqual([1]);
    due.nextRun.set(2, 0);
    await instance.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(runner.runs).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('without a check interval (0) sets no timer', () => {
    jest.useFakeTimers();
    scheduler({ checkSeconds: 0, runner: recordingRunner() }).instance.onApplicationBootstrap();
    expect(jest.getTimerCount()).toBe(0);
  });
});
