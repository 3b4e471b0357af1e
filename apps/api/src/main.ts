import { AppConfig, ConfigError, loadConfig, LogLevel } from '@app/config';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { installGracefulShutdown } from './lifecycle/graceful-shutdown';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

function loggerLevels(level: LogLevel): LogLevel[] {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}

async function bootstrap(config: AppConfig): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: loggerLevels(config.logLevel),
  });
  configureApp(app);
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs });
  await app.listen(config.port);
  const origin = `http://localhost:${config.port}`;
  Logger.log(`API:        ${origin}${config.basePath}/calendar/events/v1`, 'Bootstrap');
  Logger.log(`Swagger UI: ${origin}${config.basePath}/docs (German: ${origin}${config.basePath}/de/docs)`, 'Bootstrap');
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  // A bad variable stops start-up with a message naming it, before anything else runs.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
bootstrap(config).catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
