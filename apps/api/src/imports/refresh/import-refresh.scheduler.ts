import { APP_CONFIG, AppConfig } from '@app/config';
import { DueImportSourcesRepository, HeldLease, LeasesRepository, newLeaseHolder, withLease } from '@app/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ShutdownState } from '../../lifecycle/shutdown-state';

/** Runs one import source (ImportRunsService): what the scheduler needs of it. */
export interface ImportSourceRunner {
  runSource(sourceId: number, options: { trigger: 'manual' | 'refresh' }): Promise<unknown>;
}
export const IMPORT_SOURCE_RUNNER = Symbol('IMPORT_SOURCE_RUNNER');

/** The lease every instance asks for before it looks for due sources. */
export const IMPORT_REFRESH_LEASE = 'import-refresh';
/** How long the lease lasts without renewal; renewed every third of it while refreshes run. */
const LEASE_TTL_MS = 60_000;
/** Due sources read per query. */
const BATCH = 20;

/** What one check did: whether this instance took the lease (not when nothing was due), and the sources it ran. */
interface RefreshCheck {
  leaseHeld: boolean;
  ran: number[];
  failed: number[];
}

/**
 * Refreshes subscribed calendars when due, without an external scheduler (README, Importing
 * calendars): every instance looks every IMPORT_REFRESH_CHECK_SECONDS (a read of the next-run index);
 * when a source is due, the one that takes the lease
 * in the database claims each due source (its next run moves `refresh` ahead in one conditional
 * UPDATE, so a source runs once per period even should two instances ever hold the lease in turn
 * within one check) and runs it. Conditional requests make an unchanged feed cost one 304.
 *
 * The timer does not keep the process alive, and a check never overlaps the previous one: the next
 * is scheduled when the last has ended. On shutdown no new source is started (the graceful drain
 * or the application's close), and closing waits for the source running now.
 */
@Injectable()
export class ImportRefreshScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ImportRefresh');
  private readonly holder = newLeaseHolder();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RefreshCheck> | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly leases: LeasesRepository,
    private readonly dueSources: DueImportSourcesRepository,
    @Inject(IMPORT_SOURCE_RUNNER) private readonly runner: ImportSourceRunner,
    private readonly shutdown: ShutdownState,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.importRefreshCheckSeconds > 0) this.scheduleNext();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One look for due sources, now; while one runs, callers share it instead of starting another. */
  check(): Promise<RefreshCheck> {
    this.running ??= this.checkOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.check()
        .catch((error: unknown) => this.logger.warn(`looking for due import refreshes failed: ${describe(error)}`))
        .finally(() => this.scheduleNext());
    }, this.config.importRefreshCheckSeconds * 1000);
    this.timer.unref();
  }

  private get stopping(): boolean {
    return this.stopped || this.shutdown.draining;
  }

  private async checkOnce(): Promise<RefreshCheck> {
    // Nothing due (the usual case): one indexed read, no lease written, so idle instances never write.
    if (this.stopping || (await this.dueSources.due(new Date(), 1)).length === 0) return { leaseHeld: false, ran: [], failed: [] };
    const lease = { name: IMPORT_REFRESH_LEASE, holder: this.holder, ttlMs: LEASE_TTL_MS };
    const outcome = await withLease(this.leases, lease, (held) => this.runDueSources(held));
    return outcome.acquired ? outcome.result : { leaseHeld: false, ran: [], failed: [] };
  }

  private async runDueSources(lease: HeldLease): Promise<RefreshCheck> {
    const check: RefreshCheck = { leaseHeld: true, ran: [], failed: [] };
    const seen = new Set<number>();
    for (;;) {
      const due = (await this.dueSources.due(new Date(), BATCH)).filter((source) => !seen.has(source.id));
      if (due.length === 0) return check;
      for (const source of due) {
        seen.add(source.id);
        if (this.stopping || !(await lease.renew())) return check;
        if (!(await this.dueSources.claim(source, new Date()))) continue;
        try {
          const report = await this.runner.runSource(source.id, { trigger: 'refresh' });
          check.ran.push(source.id);
          this.logger.log(`refreshed import source ${source.id}: ${JSON.stringify(report)}`);
        } catch (error) {
          check.failed.push(source.id);
          this.logger.warn(`refreshing import source ${source.id} failed: ${describe(error)}`);
        }
      }
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
