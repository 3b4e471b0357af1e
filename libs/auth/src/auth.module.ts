import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthGuard } from './auth.guard';
import { ApiToken } from './entities/api-token.entity';
import { User } from './entities/user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, ApiToken])],
  providers: [UsersService, AdminBootstrapService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [UsersService],
})
export class AuthModule {}

/** Users and tokens without the HTTP guard or the start-up administrator: for the CLI. */
@Module({
  imports: [TypeOrmModule.forFeature([User, ApiToken])],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
