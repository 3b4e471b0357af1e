import { AdminBootstrapService } from '@app/auth';
import { AppConfig, ConfigError, loadConfig, loadEnvFile } from '@app/config';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { installGracefulShutdown } from './lifecycle/graceful-shutdown';
import { AppLogger } from './logging/app-logger';
import { createRootLogger } from './logging/root-logger';
import { portProblem, probePort } from './startup/port-check';
import { describeStartupFailure } from './startup/startup-failure';
import { announceStart, startupSummary } from './startup/startup-summary';

/** Stops start-up with one line (and the details at debug level). */
function fail(log: Logger, line: string, error?: unknown): never {
  if (error !== undefined) log.debug({ err: error }, 'start-up failure in detail');
  log.fatal(line);
  process.exit(1);
}

async function createApp(config: AppConfig, log: Logger): Promise<NestExpressApplication> {
  try {
    // Nest's own lines go through our logger from the start; abortOnError false: a failure comes back here.
    return await NestFactory.create<NestExpressApplication>(AppModule, {
      bodyParser: false,
      logger: new AppLogger(log),
      abortOnError: false,
    });
  } catch (error) {
    return fail(log, describeStartupFailure(error, config), error);
  }
}

async function listen(app: NestExpressApplication, config: AppConfig, log: Logger): Promise<number> {
  try {
    await app.listen(config.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') fail(log, portProblem(config.port, code), error);
    fail(log, describeStartupFailure(error, config), error);
  }
  return (app.getHttpServer().address() as AddressInfo).port;
}

async function bootstrap(config: AppConfig, log: Logger): Promise<void> {
  const portCode = await probePort(config.port);
  if (portCode) fail(log, portProblem(config.port, portCode));
  const app = await createApp(config, log);
  configureApp(app, log);
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs });
  const port = await listen(app, config, log);
  announceStart(log, startupSummary(config, port), app.get(AdminBootstrapService).takeGeneratedAdministrator());
}

// Variables already set win over `.env` (docs/api-rules.md, Running it).
loadEnvFile();
let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  // A bad variable stops start-up with a message naming it, before anything else runs.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
const log = createRootLogger(config);
bootstrap(config, log).catch((error: unknown) => fail(log, describeStartupFailure(error, config), error));
