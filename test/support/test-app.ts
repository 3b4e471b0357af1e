import { Role, UsersService } from '@app/auth';
import { ConsoleLogger, INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { AppModule } from '../../apps/api/src/app.module';
import { configureApp } from '../../apps/api/src/configure-app';
import { createTestDatabase, TestDatabase } from './test-database';

export const NS = '/calendar/events/v1';
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

/** Config every test app gets unless a test overrides it. */
const BASE_ENV: Record<string, string> = {
  SITE_URL: 'http://calendar.test',
  SITE_TIMEZONE: 'UTC',
  ADMIN_TOKEN,
  LOG_LEVEL: 'error',
  MAX_PER_PAGE: '50',
  BASE_PATH: '',
  CORS_ORIGINS: '',
  // No scheduled import refresh unless a test turns it on: its queries would mix with the test's own.
  IMPORT_REFRESH_CHECK_SECONDS: '0',
};

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  dataSource: DataSource;
  /** Creates a user with the role and returns a Bearer token for it. */
  tokenFor(role: Role, name?: string): Promise<string>;
  userIdOf(token: string): Promise<number>;
  close(): Promise<void>;
}

interface TestAppOptions {
  /** Boot on this database (e.g. one a CLI test wrote to) instead of a fresh one; the caller drops it. */
  database?: TestDatabase;
}

let userCounter = 0;

const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

/** Nest's levels for LOG_LEVEL, as main.ts sets them (BASE_ENV: errors only); Nest's TestingLogger would print errors only. */
function logLevelsUpTo(level = 'error'): Array<(typeof LOG_LEVELS)[number]> {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]) + 1);
}

/** Boots the real AppModule with the production HTTP pipeline against a fresh database. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const ownsDatabase = options.database === undefined;
  const previous = { ...process.env };
  Object.assign(process.env, BASE_ENV, database.env, env);
  try {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({
      bodyParser: false,
      logger: new ConsoleLogger({ logLevels: logLevelsUpTo(process.env.LOG_LEVEL) }),
    });
    configureApp(app);
    await app.init();
    const users = app.get(UsersService);
    return {
      app,
      http: request(app.getHttpServer()),
      dataSource: app.get(DataSource),
      async tokenFor(role, name) {
        userCounter += 1;
        const { token } = await users.createWithToken(name ?? `${role}-${userCounter}`, role);
        return token;
      },
      async userIdOf(token) {
        const user = await users.findByToken(token);
        if (!user) throw new Error('unknown token');
        return user.id;
      },
      async close() {
        await app.close();
        if (ownsDatabase) await database.drop();
      },
    };
  } finally {
    process.env = previous;
  }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The app of the enclosing describe: started before its tests and closed after them. The object is
 * returned at once and filled in when the suite starts, so the describe body can hold it and hand it
 * to its helpers; its members are there inside tests and hooks only.
 */
export function suiteTestApp(env: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(async () => t.close());
  return t;
}

/** A signed-in user per role, as their tokens by role: filled in before the suite's tests, like suiteTestApp. */
export function suiteTokens<R extends Role>(t: TestApp, roles: R[]): Record<R, string> {
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    const made = await Promise.all(roles.map((role) => t.tokenFor(role)));
    roles.forEach((role, index) => (tokens[role] = made[index]));
  });
  return tokens;
}
