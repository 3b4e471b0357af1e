import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { TestDatabase } from './test-database';

/** Breaks a test database behind the service's back (a table it needs disappears), on either driver. */
export async function renameTable(database: TestDatabase, from: string, to: string): Promise<void> {
  if (database.env.DB_TYPE === 'sqlite') {
    const db = new Database(database.env.DB_PATH);
    try {
      db.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
    } finally {
      db.close();
    }
    return;
  }
  const connection = await createConnection({
    host: database.env.DB_HOST,
    port: Number(database.env.DB_PORT),
    user: database.env.DB_USER,
    password: database.env.DB_PASSWORD,
    database: database.env.DB_NAME,
  });
  try {
    await connection.query(`RENAME TABLE \`${from}\` TO \`${to}\``);
  } finally {
    await connection.end();
  }
}
