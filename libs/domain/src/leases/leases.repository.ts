import { conflictKind, rowLocksSupported, TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Longest lease name and holder (the columns' length). */
export const LEASE_TEXT_MAX = 100;

/** The database's clock now, and `? ms` after it, as UTC with milliseconds. */
const SQLITE_NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')";
const SQLITE_LATER = "strftime('%Y-%m-%d %H:%M:%f', 'now', ?)";
const MYSQL_NOW = 'UTC_TIMESTAMP(3)';
const MYSQL_LATER = 'UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND';

/**
 * Named leases in the database (table `leases`): a piece of work that exactly one instance should
 * do at a time (the scheduled import refresh) is done by the holder of its lease, whatever the
 * number of instances on the database. A holder renews before `ttlMs` runs out; one that stops
 * (killed, stalled) loses the lease at expiry and another instance takes it over.
 *
 * Every change is one conditional statement evaluated by the database, never a read followed by a
 * write: SQLite, one upsert whose update only applies to an expired or own lease; MySQL/MariaDB, a
 * conditional UPDATE, then an INSERT IGNORE when no row matched. Times come from the database's
 * clock. The statements run through the TransactionRunner without touching the data version: on
 * SQLite queued with the process's other writes on the write connection; on MySQL a lost race
 * (a deadlock, or on a Galera cluster a failed certification when two nodes take the lease at
 * once) is run again, and the fresh run finds the winner's row and answers false.
 */
@Injectable()
export class LeasesRepository {
  constructor(private readonly transactions: TransactionRunner) {}

  /** Takes `name` for `holder` when it is free, expired or already `holder`'s (then extended); false when another holds it. */
  async tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    checkLease(name, holder, ttlMs);
    return this.lostRaceAsFalse(() =>
      this.transactions.run(
        async (db) => {
          if (!rowLocksSupported(db)) {
            const upsert =
              `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ${SQLITE_LATER}) ` +
              'ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at ' +
              `WHERE leases.holder = excluded.holder OR leases.expires_at <= ${SQLITE_NOW}`;
            return (await affectedRows(db, upsert, [name, holder, sqliteOffset(ttlMs)])) === 1;
          }
          const takeOver =
            `UPDATE leases SET holder = ?, expires_at = ${MYSQL_LATER} ` + `WHERE name = ? AND (holder = ? OR expires_at <= ${MYSQL_NOW})`;
          if ((await affectedRows(db, takeOver, [holder, ttlMs * 1000, name, holder])) === 1) return true;
          const insert = `INSERT IGNORE INTO leases (name, holder, expires_at) VALUES (?, ?, ${MYSQL_LATER})`;
          return (await affectedRows(db, insert, [name, holder, ttlMs * 1000])) === 1;
        },
        { contentUnchanged: true },
      ),
    );
  }

  /** Moves the expiry of a lease `holder` holds to `ttlMs` from now; false when it is not `holder`'s any more. */
  async renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
    checkLease(name, holder, ttlMs);
    return this.lostRaceAsFalse(() =>
      this.transactions.run(
        async (db) => {
          const later = rowLocksSupported(db) ? MYSQL_LATER : SQLITE_LATER;
          const parameters = [rowLocksSupported(db) ? ttlMs * 1000 : sqliteOffset(ttlMs), name, holder];
          return (await affectedRows(db, `UPDATE leases SET expires_at = ${later} WHERE name = ? AND holder = ?`, parameters)) === 1;
        },
        { contentUnchanged: true },
      ),
    );
  }

  /** Gives the lease up at once when `holder` holds it (another instance may take it right away). */
  async release(name: string, holder: string): Promise<void> {
    await this.lostRaceAsFalse(() =>
      this.transactions.run(
        async (db) => {
          await db.query('DELETE FROM leases WHERE name = ? AND holder = ?', [name, holder]);
          return true;
        },
        { contentUnchanged: true },
      ),
    );
  }

  /** A race lost on every attempt the TransactionRunner made (it answers 503 then) is a lease not held, not a failure. */
  private async lostRaceAsFalse(attempt: () => Promise<boolean>): Promise<boolean> {
    try {
      return await attempt();
    } catch (error) {
      if (conflictKind(error) !== undefined || conflictKind((error as { cause?: unknown }).cause) !== undefined) return false;
      throw error;
    }
  }
}

function checkLease(name: string, holder: string, ttlMs: number): void {
  if (name === '' || name.length > LEASE_TEXT_MAX || holder === '' || holder.length > LEASE_TEXT_MAX) {
    throw new RangeError(`A lease name and holder have 1 to ${LEASE_TEXT_MAX} characters`);
  }
  if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`A lease lasts a positive whole number of milliseconds (got ${ttlMs})`);
}

/** SQLite's date modifier for `ttlMs` later. */
function sqliteOffset(ttlMs: number): string {
  return `+${(ttlMs / 1000).toFixed(3)} seconds`;
}

/** How many rows the statement wrote (MySQL: rows matched, mysql2 asks for FOUND_ROWS). */
async function affectedRows(db: EntityManager, sql: string, parameters: unknown[]): Promise<number> {
  const runner = db.queryRunner;
  if (!runner) throw new Error('A lease statement runs inside the TransactionRunner');
  const result = await runner.query(sql, parameters, true);
  return Number(result.affected ?? 0);
}
