import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export type DbKind = 'sqlite' | 'mysql';
export type Row = Record<string, unknown>;

/** A MariaDB/MySQL server the test may create databases on. */
export interface MysqlServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The server's Unix socket: the services under test connect through it (DB_SOCKET), not TCP. */
  socket?: string;
}

/**
 * One fresh database for a run: a temporary SQLite file or a new MariaDB database `conc_<random>`.
 * `env` is what the service and the CLI need to reach it; `query` reads it directly for the checks
 * the API cannot answer (slugs, link rows, recounts).
 */
export interface TestDatabase {
  kind: DbKind;
  label: string;
  env: Record<string, string>;
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** MariaDB: the "LATEST DETECTED DEADLOCK" section of SHOW ENGINE INNODB STATUS, when it concerns this database. */
  latestDeadlock?(): Promise<string | undefined>;
  /** MySQL: the server's count of deadlocks InnoDB detected since it started (`Innodb_deadlocks`, every database). */
  deadlocks?(): Promise<number>;
  drop(): Promise<void>;
}

export async function createDatabase(kind: DbKind, mysql: MysqlServer, dir: string): Promise<TestDatabase> {
  return kind === 'sqlite' ? createSqlite(dir) : createMysql(mysql);
}

function createSqlite(dir: string): TestDatabase {
  const path = join(dir, 'calendar.sqlite');
  return {
    kind: 'sqlite',
    label: path,
    env: { DB_TYPE: 'sqlite', DB_PATH: path },
    async query(sql, params = []) {
      // A short-lived read-only connection: the checks never hold a lock while the services run.
      const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 10_000 });
      try {
        return db.prepare(sql).all(...params) as Row[];
      } finally {
        db.close();
      }
    },
    async drop() {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
    },
  };
}

async function createMysql({ socket, ...mysql }: MysqlServer): Promise<TestDatabase> {
  const server = { ...mysql, multipleStatements: false };
  const name = `conc_${randomBytes(5).toString('hex')}`;
  const admin = await createConnection(server);
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  return {
    kind: 'mysql',
    label: `${mysql.host}:${mysql.port}/${name}`,
    env: {
      DB_TYPE: 'mysql',
      DB_HOST: mysql.host,
      DB_PORT: String(mysql.port),
      DB_USER: mysql.user,
      DB_PASSWORD: mysql.password,
      DB_NAME: name,
      ...(socket ? { DB_SOCKET: socket } : {}),
    },
    async query(sql, params = []) {
      const connection = await createConnection({ ...server, database: name, timezone: 'Z', dateStrings: true });
      try {
        const [rows] = await connection.query(sql, params);
        return rows as Row[];
      } finally {
        await connection.end();
      }
    },
    async deadlocks() {
      const connection = await createConnection(server);
      try {
        const [rows] = await connection.query(`SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'`);
        return Number((rows as Row[])[0]?.Value ?? 0);
      } finally {
        await connection.end();
      }
    },
    async latestDeadlock() {
      const connection = await createConnection(server);
      try {
        const [rows] = await connection.query('SHOW ENGINE INNODB STATUS');
        const status = String((rows as Row[])[0]?.Status ?? '');
        const start = status.indexOf('LATEST DETECTED DEADLOCK');
        if (start < 0) return undefined;
        const end = status.indexOf('\nTRANSACTIONS\n', start);
        const section = status.slice(start, end < 0 ? undefined : end);
        if (!section.includes(name)) return undefined;
        // The statements, the locks they held and waited for, and the victim; not the raw record dumps.
        const lines: string[] = [];
        for (const raw of section.split('\n')) {
          const line = raw
            .trim()
            .replace(/^RECORD LOCKS space id \d+ page no \d+ n bits \d+ /, 'lock on ')
            .replace(/ trx id (\d+)/, ' (trx $1)');
          // Heap no 1 is the supremum: the lock covers the gap after the last row of the index.
          if (/^Record lock, heap no 1 /.test(line) && lines.length && lines[lines.length - 1].startsWith('lock on ')) {
            if (!lines[lines.length - 1].endsWith('[supremum]')) lines[lines.length - 1] += ' [supremum]';
            continue;
          }
          if (!/^(?:\*\*\*|TRANSACTION \d+|INSERT|UPDATE|DELETE|SELECT|lock on )/.test(line)) continue;
          const compact = line.replaceAll(`\`${name}\`.`, '').slice(0, 300);
          if (lines[lines.length - 1] !== compact) lines.push(compact);
        }
        return lines.slice(0, 30).join('\n');
      } finally {
        await connection.end();
      }
    },
    async drop() {
      const connection = await createConnection(server);
      try {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await connection.end();
      }
    },
  };
}
