import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Logger } from '@nestjs/common';
import { countHit, RateLimitHit, RateLimitStore, THROTTLER_NAME } from './rate-limit-store';

/** How long a Redis command may take before the request goes on without it. */
const COMMAND_TIMEOUT_MS = 1000;
const WARN_EVERY_MS = 60_000;

/**
 * Counters in Redis at REDIS_URL, shared by every instance. A Redis that is down or slow must not
 * stall requests: commands are not queued while disconnected and time out quickly; the caller
 * then lets the request through (see RateLimiter).
 */
export class RedisRateLimitStore extends ThrottlerStorageRedisService implements RateLimitStore {
  private readonly logger = new Logger('RateLimit');
  private lastWarning = 0;

  constructor(url: string, keyPrefix: string) {
    super(url, { keyPrefix, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
    this.redis.on('error', (error: Error) => this.warn(`Redis at REDIS_URL is unavailable: ${error.message}`));
  }

  /**
   * Waits until Redis answers, at most `ms`: commands are not queued while disconnected, so without
   * this the first requests after start-up would pass unlimited. A Redis that is down does not hold
   * up the start for longer.
   */
  async connected(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    return countHit(this, key, limit, windowMs);
  }

  /** The block key @nest-lab/throttler-storage-redis sets once a key went over its limit. */
  async blockedFor(key: string): Promise<number> {
    const left = await this.redis.pttl(`{${key}:${THROTTLER_NAME}}:blocked`);
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** At most one warning a minute, however many requests meet the outage. */
  warn(message: string): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(message);
  }
}
