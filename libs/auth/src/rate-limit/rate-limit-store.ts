import type { ThrottlerStorage } from '@nestjs/throttler';

/** One counted event against a key, as the store saw it. */
export interface RateLimitHit {
  /** Events counted in the current window, this one included. */
  count: number;
  /** More than the limit were counted: the key stays blocked for the rest of the window. */
  blocked: boolean;
  /** Seconds until the window's count resets. */
  resetSeconds: number;
  /** Seconds until a blocked key is free again; 0 when not blocked. */
  retryAfterSeconds: number;
}

/**
 * One event counted by a @nestjs/throttler storage, whose window is also its block time: the
 * `increment` both stores inherit.
 */
export async function countHit(storage: ThrottlerStorage, key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
  const record = await storage.increment(key, windowMs, limit, windowMs, THROTTLER_NAME);
  return {
    count: record.totalHits,
    blocked: record.isBlocked,
    resetSeconds: record.timeToExpire,
    retryAfterSeconds: record.isBlocked ? record.timeToBlockExpire : 0,
  };
}

/**
 * Counters behind the rate limits: in this process, or in Redis shared by every instance. Both
 * wrap @nestjs/throttler storages; `blockedFor` lets a check run before the guarded work (a token
 * or password comparison), so that a blocked client learns nothing from a right guess.
 */
export interface RateLimitStore {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>;
  /** Seconds until the key is unblocked; 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/** The one throttler name every counter is kept under. */
export const THROTTLER_NAME = 'calendar';
