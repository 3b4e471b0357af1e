import { trimChar } from '@app/common/text/trim';
import { AppConfig, DbHost, DbType, LogFormat, LogLevel } from './app-config';
import { ConfigError } from './config-error';
import { loadSecurityConfig, parseAllowedHosts } from './security-config';

/** IMPORT_MAX_BYTES by default: 10 MiB, more than the largest real feeds (a venue's whole year is well below 1 MiB). */
const DEFAULT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];
const DB_TYPES: DbType[] = ['sqlite', 'mysql'];
const LOG_FORMATS: LogFormat[] = ['auto', 'json', 'pretty'];

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * DB_HOST: one host, or several `host[:port]` separated by commas (the nodes of a cluster, own node
 * first); a host without a port uses DB_PORT. IPv6 addresses go in brackets: `[::1]:3306`.
 */
function parseDbHosts(raw: string, defaultPort: number, problems: string[]): DbHost[] {
  const hosts: DbHost[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    const match = /^(\[[\da-f:.]+\]|[^\s:[\]]+)(?::(\d{1,5}))?$/i.exec(entry);
    const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
    if (!match || port < 1 || port > 65535) {
      problems.push(`DB_HOST must be a host or comma-separated host:port entries such as db1:3306,db2:3306 (got "${entry}")`);
      continue;
    }
    hosts.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return hosts.length > 0 ? hosts : [{ host: '127.0.0.1', port: defaultPort }];
}

/**
 * DB_SOCKET: the Unix socket of a server on this machine, used instead of DB_HOST's TCP port (each
 * statement's round trip costs the server and the service less). One server only: a cluster's
 * nodes are reached over DB_HOST, so that one can take over from another.
 */
function dbSocket(raw: string, hosts: DbHost[], problems: string[]): string | undefined {
  if (raw === '') return undefined;
  if (!raw.startsWith('/'))
    problems.push(`DB_SOCKET must be the absolute path of the server's Unix socket, such as /run/mysqld/mysqld.sock (got "${raw}")`);
  if (hosts.length > 1) problems.push('DB_SOCKET names one server on this machine and cannot be combined with several DB_HOST entries');
  return raw;
}

/**
 * Reads and validates every variable of `.env.example`. All problems are collected so that one
 * start-up attempt reports every bad variable by name.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const text = (name: string, fallback = ''): string => {
    const value = env[name];
    return value === undefined ? fallback : value.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name).toLowerCase();
    if (raw === '') return fallback;
    if (!allowed.includes(raw as T)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const dbType = oneOf('DB_TYPE', DB_TYPES, 'sqlite');
  const dbPort = integer('DB_PORT', 3306, 1, 65535);
  const hosts = parseDbHosts(text('DB_HOST', '127.0.0.1') || '127.0.0.1', dbPort, problems);
  const db = {
    type: dbType,
    path: text('DB_PATH', 'data/calendar.sqlite') || 'data/calendar.sqlite',
    host: hosts[0].host,
    port: hosts[0].port,
    hosts,
    user: text('DB_USER', 'root') || 'root',
    password: env.DB_PASSWORD ?? '',
    name: text('DB_NAME'),
    socket: dbSocket(text('DB_SOCKET'), hosts, problems),
  };
  if (dbType === 'mysql' && db.name === '') {
    problems.push('DB_NAME is required when DB_TYPE=mysql');
  }

  const siteUrl = text('SITE_URL', 'http://localhost:3000') || 'http://localhost:3000';
  let parsedSiteUrl: URL | undefined;
  try {
    parsedSiteUrl = new URL(siteUrl);
    if (!['http:', 'https:'].includes(parsedSiteUrl.protocol)) throw new Error('protocol');
  } catch {
    problems.push(`SITE_URL must be an absolute http(s) URL (got "${siteUrl}")`);
  }

  const siteTimezone = text('SITE_TIMEZONE', 'UTC') || 'UTC';
  if (!isValidTimeZone(siteTimezone)) {
    problems.push(`SITE_TIMEZONE must be an IANA time zone such as Europe/Berlin (got "${siteTimezone}")`);
  }

  const rawBasePath = text('BASE_PATH');
  const basePath = trimChar(rawBasePath, '/');
  if (basePath !== '' && !/^[\w.~-]+(?:\/[\w.~-]+)*$/.test(basePath)) {
    problems.push(`BASE_PATH must be a URL path such as wp-json (got "${rawBasePath}")`);
  }
  if (/^(?:en|de)(?:\/|$)/.test(basePath)) {
    problems.push('BASE_PATH must not start with a language segment (en, de)');
  }

  const adminToken = text('ADMIN_TOKEN');
  if (adminToken !== '' && adminToken.length < 16) {
    problems.push('ADMIN_TOKEN must be at least 16 characters long');
  }

  const corsOrigins = text('CORS_ORIGINS')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS must be a comma-separated list of origins such as https://example.org or * (got "${origin}")`);
    }
  }

  const config: AppConfig = {
    port: integer('PORT', 3000, 0, 65535),
    db,
    siteUrl: trimChar(siteUrl, '/', 'end'),
    siteTimezone,
    basePath: basePath === '' ? '' : `/${basePath}`,
    maxPerPage: integer('MAX_PER_PAGE', 50, 1, 1000),
    icsMaxEvents: integer('ICS_MAX_EVENTS', 1000, 1, 10_000),
    recurrenceHorizonMonths: integer('RECURRENCE_HORIZON_MONTHS', 24, 1, 120),
    recurrenceMaxOccurrences: integer('RECURRENCE_MAX_OCCURRENCES', 3000, 1, 100_000),
    adminToken: adminToken === '' ? undefined : adminToken,
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'log'),
    logFormat: oneOf('LOG_FORMAT', LOG_FORMATS, 'auto'),
    corsOrigins,
    security: loadSecurityConfig(env, problems, integer),
    imports: {
      allowedHosts: parseAllowedHosts(text('IMPORT_ALLOWED_HOSTS'), problems, 'IMPORT_ALLOWED_HOSTS'),
      maxBytes: integer('IMPORT_MAX_BYTES', DEFAULT_IMPORT_MAX_BYTES, 1024, 1024 * 1024 * 1024),
    },
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    cacheMaxMb: integer('CACHE_MAX_MB', 64, 0, 65_536),
    swaggerPersistAuthorization: oneOf('SWAGGER_PERSIST_AUTHORIZATION', ['true', 'false'], 'false') === 'true',
    importRefreshCheckSeconds: integer('IMPORT_REFRESH_CHECK_SECONDS', 60, 0, 86_400),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
