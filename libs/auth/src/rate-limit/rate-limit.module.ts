import { APP_CONFIG, AppConfig } from '@app/config';
import { Module } from '@nestjs/common';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RATE_LIMIT_STORE } from './rate-limit-store';
import { RateLimiter } from './rate-limiter.service';
import { RedisRateLimitStore } from './redis-rate-limit.store';

/** The rate limiter with its counters: in this process by default, in Redis when REDIS_URL is set. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [APP_CONFIG],
      useFactory: ({ security }: AppConfig) =>
        security.redisUrl ? new RedisRateLimitStore(security.redisUrl, security.redisKeyPrefix) : new MemoryRateLimitStore(),
    },
    RateLimiter,
  ],
  exports: [RateLimiter],
})
export class RateLimitModule {}
