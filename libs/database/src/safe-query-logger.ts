import { withoutValues } from '@app/common/text/without-values';
import { Logger as NestLogger } from '@nestjs/common';
import type { Logger } from 'typeorm';
import { conflictKind } from './conflicts';

function describe(error: string | Error): string {
  const code = typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  const message = withoutValues(typeof error === 'string' ? error : error.message);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/**
 * TypeORM's logger, written through Nest's so LOG_LEVEL applies. Statements are logged without
 * their parameters, which hold record passwords, token hashes and personal data, and
 * driver messages without quoted values. A unique clash or deadlock is what the transaction runner
 * retries: logged at debug, not as an error; if the retries run out, the request's 500 is logged.
 */
export class SafeQueryLogger implements Logger {
  private readonly logger = new NestLogger('Database');

  /** `logQueries`: LOG_LEVEL=verbose logs every statement (still without parameters). */
  constructor(private readonly logQueries: boolean) {}

  logQuery(query: string): void {
    if (this.logQueries) this.logger.verbose(`query: ${query}`);
  }

  logQueryError(error: string | Error, query: string): void {
    const line = `query failed (${describe(error)}): ${query}`;
    if (conflictKind(error) !== undefined) this.logger.debug(line);
    else this.logger.error(line);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`query took ${time} ms: ${query}`);
  }

  logSchemaBuild(message: string): void {
    if (this.logQueries) this.logger.verbose(message);
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.log(String(message));
  }
}
