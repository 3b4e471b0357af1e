import type { SecurityConfig } from './security-config';

export type DbType = 'sqlite' | 'mysql';

export interface DbHost {
  host: string;
  port: number;
}
export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';
/** `auto`: JSON when stdout is not a terminal, readable text when it is. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** The validated, typed view of the environment (docs/api-rules.md, Running it). */
export interface AppConfig {
  port: number;
  db: {
    type: DbType;
    path: string;
    /** The first of `hosts`: the node an instance prefers. */
    host: string;
    port: number;
    /** Every `host:port` of DB_HOST, in order (several: the nodes of a cluster, the next taking over when one is lost). */
    hosts: DbHost[];
    user: string;
    password: string;
    name: string;
    /** DB_SOCKET: the server's Unix socket, used instead of `host` and `port` when set. */
    socket?: string;
  };
  siteUrl: string;
  siteTimezone: string;
  /** Normalised to '' or '/segment[/segment]' without trailing slash. */
  basePath: string;
  maxPerPage: number;
  /** Memory of the anonymous-read response cache, in MiB; 0 turns it off (README, HTTP caching and preconditions). */
  cacheMaxMb: number;
  /** SWAGGER_PERSIST_AUTHORIZATION: Swagger UI keeps the token given to "Authorize" in the browser's localStorage. */
  swaggerPersistAuthorization: boolean;
  /** Events a calendar feed holds at most when not paged (ICS_MAX_EVENTS). */
  icsMaxEvents: number;
  /** Occurrences of a series exist up to this many months after now (RECURRENCE_HORIZON_MONTHS). */
  recurrenceHorizonMonths: number;
  /** Most occurrences one series may have up to the horizon (RECURRENCE_MAX_OCCURRENCES). */
  recurrenceMaxOccurrences: number;
  /**
   * Seconds between two looks for import sources whose refresh is due (IMPORT_REFRESH_CHECK_SECONDS);
   * 0 turns the scheduled refresh off in this instance (README, Importing calendars).
   */
  importRefreshCheckSeconds: number;
  adminToken?: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  corsOrigins: string[];
  /** Trusted hosts and proxies, rate limits (README, Security). */
  security: SecurityConfig;
  /** Calendar imports (README, Importing calendars). */
  imports: {
    /** IMPORT_ALLOWED_HOSTS: hosts fetched even where their addresses are private or loopback. */
    allowedHosts: string[];
    /** IMPORT_MAX_BYTES: the largest calendar fetched or uploaded. */
    maxBytes: number;
  };
  /** How long a SIGTERM/SIGINT waits for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
