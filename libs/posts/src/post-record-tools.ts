import { RateLimiter, UsersService } from '@app/auth';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { WriteLocksRepository } from '@app/domain';
import { Inject, Injectable } from '@nestjs/common';
import { ImagesService } from './images.service';

/** What every post-like service needs besides its repository, injected as one. */
@Injectable()
export class PostRecordTools {
  constructor(
    readonly transactions: TransactionRunner,
    readonly images: ImagesService,
    readonly users: UsersService,
    readonly rateLimiter: RateLimiter,
    readonly writeLocks: WriteLocksRepository,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}
}
