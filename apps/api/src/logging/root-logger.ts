import { AppConfig, LogLevel } from '@app/config';
import pino, { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
import { formatPrettyMessage, PRETTY_HIDDEN_FIELDS } from './pretty-message';

/** LOG_LEVEL (Nest's names) → pino's. */
const PINO_LEVELS: Record<LogLevel, pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

interface LogOutput {
  /** Where lines go; standard output by default. */
  destination?: DestinationStream | NodeJS.WritableStream;
  /** Whether that is a terminal; decides `LOG_FORMAT=auto` and colours. */
  isTty?: boolean;
}

/** JSON for machines (not a terminal, or LOG_FORMAT=json); readable lines otherwise. */
function usesJson(config: Pick<AppConfig, 'logFormat'>, isTty: boolean): boolean {
  return config.logFormat === 'json' || (config.logFormat === 'auto' && !isTty);
}

/**
 * The one logger of the service: start-up lines, Nest's own messages, one line per request, and
 * failures. JSON carries an ISO time and the level's name; the readable form has colours only on
 * a terminal. Writes are synchronous, so nothing is lost when start-up fails and the process exits.
 */
export function createRootLogger(config: Pick<AppConfig, 'logFormat' | 'logLevel'>, output: LogOutput = {}): Logger {
  const isTty = output.isTty ?? process.stdout.isTTY === true;
  const level = PINO_LEVELS[config.logLevel];
  if (usesJson(config, isTty)) {
    return pino(
      { level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
      output.destination ?? pino.destination({ dest: 1, sync: true }),
    );
  }
  const stream = pretty({
    colorize: isTty,
    sync: true,
    destination: output.destination ?? 1,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', ...PRETTY_HIDDEN_FIELDS].join(','),
    messageFormat: formatPrettyMessage,
  });
  return pino({ level }, stream);
}
