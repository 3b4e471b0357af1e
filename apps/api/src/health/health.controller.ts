import { Errors } from '@app/common';
import { DatabaseHealthRepository } from '@app/domain';
import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ShutdownState } from '../lifecycle/shutdown-state';

/** Seconds a client or load balancer is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 1;

/** Liveness and readiness for orchestrators, at the root (outside BASE_PATH and languages). */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseHealthRepository,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  /** 503 `rest_unavailable` while shutting down (at once on SIGTERM) or when the database does not answer. */
  @Get('ready')
  async ready() {
    if (this.shutdown.draining) throw Errors.unavailable(RETRY_AFTER_SECONDS);
    try {
      await this.database.ping();
    } catch {
      throw Errors.unavailable(RETRY_AFTER_SECONDS);
    }
    return { status: 'ready' };
  }
}
