import { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * Nest's start-up chatter: module wiring, one line per mapped route, "successfully started" (which
 * Nest says before the port is even bound). Kept for LOG_LEVEL=debug.
 */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** Start-up failures with stack traces (TypeORM's retries, Nest's dump): main.ts reports them in one line. */
const STARTUP_FAILURE_CONTEXTS = new Set(['TypeOrmModule', 'ExceptionHandler']);

/** Nest's logger calls end with the context name. */
const contextOf = (params: unknown[]): unknown => params[params.length - 1];

/** Nest's logger, written through the service's pino logger (nestjs-pino), framework chatter demoted to debug. */
export class AppLogger extends NestPinoLogger implements LoggerService {
  constructor(root: Logger) {
    super(new PinoLogger({ pinoHttp: { logger: root } }), {});
  }

  override log(message: unknown, ...params: unknown[]): void {
    if (FRAMEWORK_CONTEXTS.has(contextOf(params) as string)) super.debug(message, ...params);
    else super.log(message, ...params);
  }

  override error(message: unknown, ...params: unknown[]): void {
    if (STARTUP_FAILURE_CONTEXTS.has(contextOf(params) as string)) super.debug(message, ...params);
    else super.error(message, ...params);
  }
}
