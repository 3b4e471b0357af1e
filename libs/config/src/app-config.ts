export type DbType = 'sqlite' | 'mysql';
export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';
/** `auto`: JSON when stdout is not a terminal, readable text when it is. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** The validated, typed view of the environment (contract §9). */
export interface AppConfig {
  port: number;
  db: {
    type: DbType;
    path: string;
    host: string;
    port: number;
    user: string;
    password: string;
    name: string;
  };
  siteUrl: string;
  siteTimezone: string;
  /** Normalised to '' or '/segment[/segment]' without trailing slash. */
  basePath: string;
  maxPerPage: number;
  adminToken?: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  corsOrigins: string[];
}

export const APP_CONFIG = Symbol('APP_CONFIG');
