import { AppConfig } from '@app/config';
import { CONNECT_ATTEMPTS, errorCode, isTransientConnectionError, RETRY_DELAY_MS } from '../database/connection-retry';
import { mysqlAddress } from './startup-summary';

/** The cause of a driver failure in a few words: its code and message, without a stack. */
function causeOf(error: unknown): string {
  const code = errorCode(error);
  const inner = error instanceof AggregateError ? error.errors[0] : undefined;
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : inner instanceof Error ? inner.message : '';
  const text = message.split('\n', 1)[0].trim();
  if (code && text) return text.includes(code) ? text : `${code}: ${text}`;
  return code ?? (text || String(error));
}

/**
 * One line saying why start-up failed, naming what to check: the database by host and port (or
 * SQLite file) with the cause, after the bounded retries for network failures; anything else by
 * its message. The stack goes to the debug level only.
 */
export function describeStartupFailure(error: unknown, config: AppConfig): string {
  const cause = causeOf(error);
  const code = errorCode(error) ?? '';
  if (
    config.db.type === 'sqlite' &&
    (code.startsWith('SQLITE_') || ['EACCES', 'EEXIST', 'EROFS', 'ENOENT', 'ENOTDIR', 'EPERM'].includes(code))
  ) {
    return `Cannot open the SQLite database ${config.db.path} (${cause}): check DB_PATH and that its folder is writable.`;
  }
  if (config.db.type === 'mysql') {
    const where = `MySQL/MariaDB at ${mysqlAddress(config.db)}`;
    const address = config.db.socket ? 'DB_SOCKET' : 'DB_HOST, DB_PORT';
    if (isTransientConnectionError(error)) {
      const seconds = ((CONNECT_ATTEMPTS - 1) * RETRY_DELAY_MS) / 1000;
      return `Cannot reach ${where} (${cause}); gave up after ${CONNECT_ATTEMPTS} attempts over ${seconds} s: check ${address} and that the server is running.`;
    }
    // A socket file that is missing or not ours to open.
    if (config.db.socket && ['ENOENT', 'EACCES', 'ENOTSOCK'].includes(code))
      return `Cannot reach ${where} (${cause}): check DB_SOCKET and that the server is running.`;
    if (code.startsWith('ER_ACCESS_DENIED')) return `${where} refused user "${config.db.user}" (${cause}): check DB_USER and DB_PASSWORD.`;
    if (code === 'ER_BAD_DB_ERROR')
      return `${where} has no database "${config.db.name}" (${cause}): create it (see README) or check DB_NAME.`;
    if (code.startsWith('ER_')) return `${where} failed at start-up (${cause}).`;
  }
  return `Start-up failed: ${cause}`;
}
