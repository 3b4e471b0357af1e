import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';

type E2eDriver = 'sqlite' | 'mysql';

export function e2eDriver(): E2eDriver {
  return process.env.E2E_DB === 'mysql' ? 'mysql' : 'sqlite';
}

/** A database of its own for one test file: a temporary SQLite file, or a new MySQL database. */
export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

function mysqlServer() {
  return {
    host: process.env.E2E_DB_HOST ?? '127.0.0.1',
    port: Number(process.env.E2E_DB_PORT ?? 3306),
    user: process.env.E2E_DB_USER ?? 'root',
    password: process.env.E2E_DB_PASSWORD ?? '',
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (e2eDriver() === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-e2e-'));
    return {
      env: { DB_TYPE: 'sqlite', DB_PATH: join(dir, 'calendar.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = mysqlServer();
  const name = `calendar_e2e_${randomBytes(6).toString('hex')}`;
  const connection = await createConnection(server);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  return {
    env: {
      DB_TYPE: 'mysql',
      DB_HOST: server.host,
      DB_PORT: String(server.port),
      DB_USER: server.user,
      DB_PASSWORD: server.password,
      DB_NAME: name,
    },
    drop: async () => {
      const c = await createConnection(server);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** A connection of its own to a MySQL test database, beside the service's (a test's other writer, or its look behind the API). */
export function connectTo(database: TestDatabase): Promise<Connection> {
  const env = database.env;
  return createConnection({
    host: env.DB_HOST,
    port: Number(env.DB_PORT),
    user: env.DB_USER,
    password: env.DB_PASSWORD,
    database: env.DB_NAME,
  });
}
