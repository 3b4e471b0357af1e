import { APP_CONFIG, AppConfig } from '@app/config';
import { Module } from '@nestjs/common';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RATE_LIMIT_STORE } from './rate-limit-store';
import { RateLimiter } from './rate-limiter.service';
import { RedisRateLimitStore } from './redis-rate-limit.store';

const REDIS_CONNECT_WAIT_MS = 3000;

/** The rate limiter with its counters: in this process by default, in Redis when REDIS_URL is set. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [APP_CONFIG],
      useFactory: async ({ security }: AppConfig) => {
        if (!security.redisUrl) return new MemoryRateLimitStore();
        const store = new RedisRateLimitStore(security.redisUrl, security.redisKeyPrefix);
        await store.connected(REDIS_CONNECT_WAIT_MS);
        return store;
      },
    },
    RateLimiter,
  ],
  exports: [RateLimiter],
})
export class RateLimitModule {}
