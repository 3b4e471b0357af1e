import Database from 'better-sqlite3';
import { connectTo, TestDatabase } from './test-database';

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
  const connection = await connectTo(database);
  try {
    await connection.query(`RENAME TABLE \`${from}\` TO \`${to}\``);
  } finally {
    await connection.end();
  }
}
