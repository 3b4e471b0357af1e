import type { EntityManager } from 'typeorm';
import { lockWaitsSkippable, skippingLockWaits } from './lock-wait-skipping';

/** A manager on a data source of `type` whose server answers VERSION() with `version` (or fails). */
function managerOf(type: string, version: string | Error): { db: EntityManager; query: jest.Mock } {
  const query = jest.fn(() => (version instanceof Error ? Promise.reject(version) : Promise.resolve([{ version }])));
  const connection = { options: { type } };
  return { db: { connection, query } as unknown as EntityManager, query };
}

describe('lockWaitsSkippable', () => {
  it('is true on MariaDB, asked once per data source on the caller’s own connection', async () => {
    const { db, query } = managerOf('mysql', '10.11.19-MariaDB-0+deb12u1');
    expect(await Promise.all([lockWaitsSkippable(db), lockWaitsSkippable(db)])).toEqual([true, true]);
    expect(await lockWaitsSkippable(db)).toBe(true);
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('is false on MySQL proper, which has no SET STATEMENT', async () => {
    expect(await lockWaitsSkippable(managerOf('mysql', '8.4.3').db)).toBe(false);
  });

  it('is false on SQLite without asking anything', async () => {
    const { db, query } = managerOf('better-sqlite3', 'unused');
    expect(await lockWaitsSkippable(db)).toBe(false);
    expect(query).not.toHaveBeenCalled();
  });

  it('answers false when the question fails, and asks again next time', async () => {
    const { db, query } = managerOf('mysql', new Error('connection lost'));
    expect(await lockWaitsSkippable(db)).toBe(false);
    query.mockImplementation(() => Promise.resolve([{ version: '11.4.2-MariaDB' }]));
    expect(await lockWaitsSkippable(db)).toBe(true);
    expect(query).toHaveBeenCalledTimes(2);
  });
});

describe('skippingLockWaits', () => {
  it('runs the statement with no lock wait at all', () => {
    expect(skippingLockWaits('INSERT INTO t (a) VALUES (?)')).toBe(
      'SET STATEMENT innodb_lock_wait_timeout = 0 FOR INSERT INTO t (a) VALUES (?)',
    );
  });
});
