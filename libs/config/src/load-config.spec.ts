import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { itRefuses, problemsOf } from '../test/config-problems';

describe('loadConfig', () => {
  it('fills in the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      db: {
        type: 'sqlite',
        path: 'data/calendar.sqlite',
        host: '127.0.0.1',
        port: 3306,
        hosts: [{ host: '127.0.0.1', port: 3306 }],
        user: 'root',
        password: '',
        name: '',
      },
      siteUrl: 'http://localhost:3000',
      siteTimezone: 'UTC',
      basePath: '',
      maxPerPage: 50,
      icsMaxEvents: 1000,
      recurrenceHorizonMonths: 24,
      recurrenceMaxOccurrences: 3000,
      adminToken: undefined,
      logLevel: 'log',
      logFormat: 'auto',
      corsOrigins: [],
      security: {
        allowedHosts: [],
        trustProxy: false,
        rateLimits: { windowSeconds: 60, authFailures: 10, passwordFailures: 10, writes: 300 },
        redisUrl: undefined,
        redisKeyPrefix: 'calendar:',
      },
      imports: { allowedHosts: [], maxBytes: 10 * 1024 * 1024 },
      shutdownTimeoutMs: 10000,
      cacheMaxMb: 64,
      swaggerPersistAuthorization: false,
      importRefreshCheckSeconds: 60,
    });
  });

  it('treats empty and blank variables as unset', () => {
    const config = loadConfig({ PORT: '', DB_PATH: ' ', SITE_URL: '', SITE_TIMEZONE: '', MAX_PER_PAGE: ' ', ADMIN_TOKEN: '' });
    expect(config).toMatchObject({
      port: 3000,
      db: { path: 'data/calendar.sqlite' },
      siteUrl: 'http://localhost:3000',
      siteTimezone: 'UTC',
      maxPerPage: 50,
    });
    expect(config.adminToken).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DB_TYPE: 'MySQL',
      DB_HOST: 'db.internal',
      DB_PORT: '3307',
      DB_USER: 'calendar',
      DB_PASSWORD: ' secret with spaces ',
      DB_NAME: 'calendar',
      SITE_URL: 'https://example.org/kalender/',
      SITE_TIMEZONE: 'Europe/Berlin',
      BASE_PATH: 'wp-json',
      MAX_PER_PAGE: '100',
      ICS_MAX_EVENTS: '500',
      ADMIN_TOKEN: ' 0123456789abcdef ',
      LOG_LEVEL: 'WARN',
      LOG_FORMAT: 'JSON',
      CORS_ORIGINS: 'https://a.example, http://localhost:8080 ,',
      ALLOWED_HOSTS: 'API.example.org, *.example.net:8443',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      RATE_LIMIT_WINDOW: '120',
      RATE_LIMIT_AUTH_FAILURES: '5',
      RATE_LIMIT_PASSWORD_FAILURES: '0',
      RATE_LIMIT_WRITES: '1000',
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'cal1:',
      SHUTDOWN_TIMEOUT_MS: '2500',
      CACHE_MAX_MB: '16',
      IMPORT_ALLOWED_HOSTS: '127.0.0.1:8080, Feeds.example.org',
      IMPORT_MAX_BYTES: '2048',
      IMPORT_REFRESH_CHECK_SECONDS: '300',
    });
    expect(config).toEqual({
      port: 8080,
      db: {
        type: 'mysql',
        path: 'data/calendar.sqlite',
        host: 'db.internal',
        port: 3307,
        hosts: [{ host: 'db.internal', port: 3307 }],
        user: 'calendar',
        password: ' secret with spaces ',
        name: 'calendar',
      },
      siteUrl: 'https://example.org/kalender',
      siteTimezone: 'Europe/Berlin',
      basePath: '/wp-json',
      maxPerPage: 100,
      icsMaxEvents: 500,
      recurrenceHorizonMonths: 24,
      recurrenceMaxOccurrences: 3000,
      adminToken: '0123456789abcdef',
      logLevel: 'warn',
      logFormat: 'json',
      corsOrigins: ['https://a.example', 'http://localhost:8080'],
      security: {
        allowedHosts: ['api.example.org', '*.example.net:8443'],
        trustProxy: ['loopback', '10.0.0.0/8'],
        rateLimits: { windowSeconds: 120, authFailures: 5, passwordFailures: 0, writes: 1000 },
        redisUrl: 'redis://cache.internal:6379/2',
        redisKeyPrefix: 'cal1:',
      },
      imports: { allowedHosts: ['127.0.0.1:8080', 'feeds.example.org'], maxBytes: 2048 },
      shutdownTimeoutMs: 2500,
      cacheMaxMb: 16,
      swaggerPersistAuthorization: false,
      importRefreshCheckSeconds: 300,
    });
  });

  it.each([
    ['', ''],
    ['/', ''],
    ['wp-json', '/wp-json'],
    ['/wp-json', '/wp-json'],
    ['wp-json/', '/wp-json'],
    ['//api/v2//', '/api/v2'],
    [' /api ', '/api'],
    ['english', '/english'],
  ])('normalises BASE_PATH %p to %p', (raw, basePath) => {
    expect(loadConfig({ BASE_PATH: raw }).basePath).toBe(basePath);
  });

  itRefuses([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['DB_TYPE', 'postgres'],
    ['LOG_FORMAT', 'xml'],
    ['DB_PORT', '0'],
    ['SITE_URL', 'example.org'],
    ['SITE_URL', 'ftp://example.org'],
    ['SITE_TIMEZONE', 'Mars/Olympus_Mons'],
    ['BASE_PATH', 'wp json'],
    ['BASE_PATH', 'api?x=1'],
    ['BASE_PATH', 'api//v2'],
    ['BASE_PATH', 'de'],
    ['BASE_PATH', '/en/api'],
    ['MAX_PER_PAGE', '0'],
    ['MAX_PER_PAGE', 'ten'],
    ['ICS_MAX_EVENTS', '0'],
    ['ICS_MAX_EVENTS', '10001'],
    ['IMPORT_MAX_BYTES', '100'],
    ['IMPORT_ALLOWED_HOSTS', 'http://feeds.example.org'],
    ['RECURRENCE_HORIZON_MONTHS', '0'],
    ['RECURRENCE_HORIZON_MONTHS', 'two years'],
    ['RECURRENCE_MAX_OCCURRENCES', '0'],
    ['ADMIN_TOKEN', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', 'example.org'],
    ['CORS_ORIGINS', 'https://example.org/path'],
    ['SHUTDOWN_TIMEOUT_MS', '-1'],
    ['SHUTDOWN_TIMEOUT_MS', '10s'],
    ['SHUTDOWN_TIMEOUT_MS', '600001'],
    ['CACHE_MAX_MB', '-1'],
    ['CACHE_MAX_MB', '64MB'],
    ['IMPORT_REFRESH_CHECK_SECONDS', '-1'],
    ['IMPORT_REFRESH_CHECK_SECONDS', '86401'],
    ['IMPORT_REFRESH_CHECK_SECONDS', '1m'],
    ['DB_HOST', 'db1:3306,,db2'],
    ['DB_HOST', 'db1:99999'],
    ['DB_HOST', 'db 1'],
  ]);

  it('reads several DB_HOST entries in order, each with its port or DB_PORT, IPv6 in brackets', () => {
    const { db } = loadConfig({ DB_HOST: 'node1:3311, node2 ,[::1]:3313', DB_PORT: '3400' });
    expect(db.hosts).toEqual([
      { host: 'node1', port: 3311 },
      { host: 'node2', port: 3400 },
      { host: '::1', port: 3313 },
    ]);
    expect({ host: db.host, port: db.port }).toEqual({ host: 'node1', port: 3311 });
  });

  it('reads DB_SOCKET, an absolute path, for one server only', () => {
    expect(loadConfig({ DB_TYPE: 'mysql', DB_NAME: 'c', DB_SOCKET: ' /run/mysqld/mysqld.sock ' }).db.socket).toBe(
      '/run/mysqld/mysqld.sock',
    );
    expect(loadConfig({ DB_TYPE: 'mysql', DB_NAME: 'c' }).db.socket).toBeUndefined();
    expect(problemsOf({ DB_TYPE: 'mysql', DB_NAME: 'c', DB_SOCKET: 'mysqld.sock' })).toEqual([
      'DB_SOCKET must be the absolute path of the server\'s Unix socket, such as /run/mysqld/mysqld.sock (got "mysqld.sock")',
    ]);
    expect(problemsOf({ DB_TYPE: 'mysql', DB_NAME: 'c', DB_SOCKET: '/run/mysqld/mysqld.sock', DB_HOST: 'db1,db2' })).toEqual([
      'DB_SOCKET names one server on this machine and cannot be combined with several DB_HOST entries',
    ]);
  });

  it('requires DB_NAME with DB_TYPE=mysql', () => {
    expect(problemsOf({ DB_TYPE: 'mysql' })).toEqual(['DB_NAME is required when DB_TYPE=mysql']);
  });

  it('reports every bad variable at once, each by name, in the error message too', () => {
    let thrown: unknown;
    try {
      loadConfig({
        PORT: 'x',
        DB_TYPE: 'oracle',
        SITE_URL: 'nowhere',
        SITE_TIMEZONE: 'Nowhere/City',
        MAX_PER_PAGE: '-5',
        LOG_LEVEL: 'chatty',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const { problems, message } = thrown as ConfigError;
    expect(problems).toHaveLength(6);
    for (const name of ['PORT', 'DB_TYPE', 'SITE_URL', 'SITE_TIMEZONE', 'MAX_PER_PAGE', 'LOG_LEVEL']) {
      expect(problems.filter((problem) => problem.startsWith(`${name} `))).toHaveLength(1);
      expect(message).toContain(name);
    }
  });

  it('accepts * as a CORS origin and the boundaries of the numeric ranges', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(loadConfig({ PORT: '65535', DB_PORT: '1', MAX_PER_PAGE: '1' })).toMatchObject({ port: 65535, db: { port: 1 }, maxPerPage: 1 });
    expect(loadConfig({ MAX_PER_PAGE: '1000' }).maxPerPage).toBe(1000);
    expect(problemsOf({ MAX_PER_PAGE: '1001' })[0]).toContain('MAX_PER_PAGE');
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).shutdownTimeoutMs).toBe(0);
    expect(loadConfig({ CACHE_MAX_MB: '0' }).cacheMaxMb).toBe(0);
  });

  it('looks for due import refreshes every 60 s by default; 0 turns the look-up off', () => {
    expect(loadConfig({}).importRefreshCheckSeconds).toBe(60);
    expect(loadConfig({ IMPORT_REFRESH_CHECK_SECONDS: '0' }).importRefreshCheckSeconds).toBe(0);
    expect(loadConfig({ IMPORT_REFRESH_CHECK_SECONDS: '86400' }).importRefreshCheckSeconds).toBe(86400);
  });

  it('keeps Swagger UI tokens in the browser only when SWAGGER_PERSIST_AUTHORIZATION=true', () => {
    expect(loadConfig({}).swaggerPersistAuthorization).toBe(false);
    expect(loadConfig({ SWAGGER_PERSIST_AUTHORIZATION: 'true' }).swaggerPersistAuthorization).toBe(true);
    expect(loadConfig({ SWAGGER_PERSIST_AUTHORIZATION: 'false' }).swaggerPersistAuthorization).toBe(false);
    expect(problemsOf({ SWAGGER_PERSIST_AUTHORIZATION: 'yes please' })).toEqual([expect.stringContaining('SWAGGER_PERSIST_AUTHORIZATION')]);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '600000' }).shutdownTimeoutMs).toBe(600000);
  });
});
