import { API_NAMESPACE } from '@app/common';
import { AppConfig } from '@app/config';
import type { Logger } from 'pino';
import { ADMIN_TOKEN_FIELD } from '../logging/pretty-message';

/** Where the MySQL/MariaDB server is reached: its socket (DB_SOCKET), else its host and port. */
export function mysqlAddress(db: AppConfig['db']): string {
  return db.socket ?? `${db.host}:${db.port}`;
}

/** A few lines on what started where, ending with the addresses to open. */
export function startupSummary(config: AppConfig, port: number): string[] {
  const origin = `http://localhost:${port}`;
  const base = `${origin}${config.basePath}`;
  const database = config.db.type === 'mysql' ? `MySQL/MariaDB ${mysqlAddress(config.db)}/${config.db.name}` : `SQLite ${config.db.path}`;
  return [
    `Calendar API listening on port ${port}: ${database}, site ${config.siteUrl} (${config.siteTimezone})`,
    `API:        ${base}/${API_NAMESPACE}`,
    `Swagger UI: ${base}/docs (German: ${base}/de/docs)`,
    `Health:     ${origin}/health, ${origin}/ready`,
  ];
}

/**
 * Prints the summary, after the token of an administrator created on this first start (framed
 * in the readable form, the field `admin_token` in JSON). Shown whatever LOG_LEVEL says: this is
 * the only time the token is ever shown.
 */
export function announceStart(root: Logger, lines: string[], administrator?: { name: string; token: string }): void {
  const announcer = root.child({}, { level: 'info' });
  if (administrator) {
    announcer.info(
      { [ADMIN_TOKEN_FIELD]: administrator.token, admin_name: administrator.name },
      `Created administrator "${administrator.name}" on this first start.`,
    );
  }
  for (const line of lines) announcer.info(line);
}
