import { ThrottlerStorageService } from '@nestjs/throttler';
import { RateLimitHit, RateLimitStore, THROTTLER_NAME } from './rate-limit-store';

/** Counters in this process (the default): each instance limits on its own. */
export class MemoryRateLimitStore extends ThrottlerStorageService implements RateLimitStore {
  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    const record = await this.increment(key, windowMs, limit, windowMs, THROTTLER_NAME);
    return {
      count: record.totalHits,
      blocked: record.isBlocked,
      resetSeconds: record.timeToExpire,
      retryAfterSeconds: record.isBlocked ? record.timeToBlockExpire : 0,
    };
  }

  blockedFor(key: string): Promise<number> {
    const record = this.storage.get(key);
    const left = record?.isBlocked ? record.blockExpiresAt - Date.now() : 0;
    return Promise.resolve(left > 0 ? Math.ceil(left / 1000) : 0);
  }
}
