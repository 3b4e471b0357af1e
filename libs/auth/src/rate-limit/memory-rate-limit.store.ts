import { ThrottlerStorageService } from '@nestjs/throttler';
import { countHit, RateLimitHit, RateLimitStore } from './rate-limit-store';

/** Counters in this process (the default): each instance limits on its own. */
export class MemoryRateLimitStore extends ThrottlerStorageService implements RateLimitStore {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    return countHit(this, key, limit, windowMs);
  }

  blockedFor(key: string): Promise<number> {
    const record = this.storage.get(key);
    const left = record?.isBlocked ? record.blockExpiresAt - Date.now() : 0;
    return Promise.resolve(left > 0 ? Math.ceil(left / 1000) : 0);
  }
}
