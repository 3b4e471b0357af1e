import { DatabaseHealthRepository } from '@app/domain';
import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
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
      throw new ServiceUnavailableException();
    }
  }
}
