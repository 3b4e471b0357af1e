import { DomainModule } from '@app/domain';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthGuard } from './auth.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { UsersService } from './users.service';

@Module({
  imports: [DomainModule, RateLimitModule],
  providers: [UsersService, AdminBootstrapService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [UsersService, RateLimitModule],
})
export class AuthModule {}

/** Users and tokens without the HTTP guard or the start-up administrator: for the CLI. */
@Module({
  imports: [DomainModule],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
