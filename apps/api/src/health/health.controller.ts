import { DatabaseHealthRepository } from '@app/domain';
import { Errors } from '@app/common';
import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/** Liveness and readiness for orchestrators, at the root (outside BASE_PATH and languages). */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly database: DatabaseHealthRepository) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    try {
      await this.database.ping();
      return { status: 'ready' };
    } catch {
      // The contract §8 error shape, not Nest's bare 503 (which the error responder would turn into a 500).
      throw Errors.unavailable();
    }
  }
}
