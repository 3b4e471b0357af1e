import { Errors } from '@app/common';
import { APP_CONFIG, AppConfig, RateLimits } from '@app/config';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { RATE_LIMIT_STORE, RateLimitHit, RateLimitStore } from './rate-limit-store';

/** What is limited, and the limit's name in RATE_LIMIT_*. */
type RateLimitKind = 'auth' | 'password' | 'writes';

const LIMIT_OF: Record<RateLimitKind, keyof RateLimits> = { auth: 'authFailures', password: 'passwordFailures', writes: 'writes' };
const WARN_EVERY_MS = 60_000;

/** `RateLimit-*` headers (IETF draft names) for a response within the limit. */
type RateLimitHeaders = Record<string, string>;

/**
 * The rate limits of README, Security: failed authentications per client address and per user name,
 * wrong passwords of protected records per client address and per user, writes per token. Over a
 * limit the request is answered 429 rest_too_many_requests with Retry-After and RateLimit-*, in
 * the request's language, until the window has passed. A failing store (Redis down) lets requests
 * through with a logged warning: the limits protect the service, they must not take it down.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimit');
  private lastWarning = 0;

  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The counter key of a client address: IPv6 addresses count per /64, as one host usually owns one. */
  static addressKey(address: string | undefined): string {
    return `ip:${normalizeIp(address ?? 'unknown')}`;
  }

  /** Refuses (429) when any of the subjects is blocked for this kind; run before the guarded check. */
  async assertAllowed(kind: RateLimitKind, subjects: string[]): Promise<void> {
    const limit = this.limitOf(kind);
    if (limit === 0) return;
    const waits = await this.safely(() => Promise.all(subjects.map((subject) => this.store.blockedFor(`${kind}:${subject}`))), [0]);
    const wait = Math.max(0, ...waits);
    if (wait > 0) throw Errors.tooManyRequests(wait, limit);
  }

  /**
   * Counts one failure (or write) for every subject. Over the limit: throws the 429. Else returns
   * the RateLimit-* headers of the subject with the least left.
   */
  async count(kind: RateLimitKind, subjects: string[]): Promise<RateLimitHeaders> {
    const limit = this.limitOf(kind);
    if (limit === 0) return {};
    const windowMs = this.config.security.rateLimits.windowSeconds * 1000;
    const hits = await this.safely(() => Promise.all(subjects.map((subject) => this.store.hit(`${kind}:${subject}`, limit, windowMs))), []);
    const blocked = hits.filter((hit) => hit.blocked);
    if (blocked.length > 0) throw Errors.tooManyRequests(Math.max(...blocked.map((hit) => hit.retryAfterSeconds), 1), limit);
    if (hits.length === 0) return {};
    const closest = hits.reduce((a: RateLimitHit, b: RateLimitHit) => (b.count > a.count ? b : a));
    return {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - closest.count)),
      'RateLimit-Reset': String(closest.resetSeconds),
    };
  }

  private limitOf(kind: RateLimitKind): number {
    return this.config.security.rateLimits[LIMIT_OF[kind]];
  }

  private async safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (Date.now() - this.lastWarning >= WARN_EVERY_MS) {
        this.lastWarning = Date.now();
        this.logger.warn(`rate limits not applied, the counter store failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return fallback;
    }
  }
}
