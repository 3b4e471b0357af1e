import { Logger } from '@nestjs/common';
import { LeasesRepository } from './leases.repository';

/** What work done under a lease sees of it. */
export interface HeldLease {
  readonly name: string;
  readonly holder: string;
  /** False once a renewal found the lease taken by another holder: stop before the next unit of work. */
  readonly held: boolean;
  /** Renews now (before a unit of work that must not overlap another holder's); the new `held`. */
  renew(): Promise<boolean>;
}

type LeaseOutcome<T> = { acquired: false } | { acquired: true; result: T };

/**
 * Runs `work` while holding the lease `name`, or not at all when another holder has it. While the
 * work runs the lease is renewed every third of `ttlMs` (a timer that does not keep the process
 * alive); it is released when the work ends, whether it succeeded or threw.
 */
export async function withLease<T>(
  leases: LeasesRepository,
  lease: { name: string; holder: string; ttlMs: number },
  work: (held: HeldLease) => Promise<T>,
): Promise<LeaseOutcome<T>> {
  if (!(await leases.tryAcquire(lease.name, lease.holder, lease.ttlMs))) return { acquired: false };
  let held = true;
  const renew = async (): Promise<boolean> => {
    if (held) held = await leases.renew(lease.name, lease.holder, lease.ttlMs);
    return held;
  };
  const heartbeat = setInterval(
    () => {
      renew().catch((error: unknown) => new Logger('Leases').warn(`renewing lease ${lease.name} failed: ${String(error)}`));
    },
    Math.max(1, Math.floor(lease.ttlMs / 3)),
  );
  heartbeat.unref();
  try {
    const result = await work({
      name: lease.name,
      holder: lease.holder,
      get held() {
        return held;
      },
      renew,
    });
    return { acquired: true, result };
  } finally {
    clearInterval(heartbeat);
    if (held) await leases.release(lease.name, lease.holder).catch(() => undefined);
  }
}
