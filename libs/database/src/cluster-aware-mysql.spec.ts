import { clusterAwareMysql, Mysql2, readCommittedSessions } from './cluster-aware-mysql';

// The fakes answer with plain objects where mysql2 hands out connections.
const asMysql2 = (fake: unknown) => fake as Mysql2;

/** A stand-in for mysql2 recording what the driver facade asks of it. */
function fakeMysql(failing: (sql: string) => boolean = () => false) {
  const queries: string[] = [];
  const connections = [{ id: 1 }, { id: 2 }].map((c) => ({
    ...c,
    query: (sql: string, callback: (error: Error | null) => void) => {
      queries.push(`${c.id}: ${sql}`);
      callback(failing(sql) ? new Error('refused') : null);
    },
    release: () => undefined,
  }));
  let next = 0;
  const pool = {
    getConnection: (callback: (error: Error | null, connection?: unknown) => void) => callback(null, connections[next++ % 2]),
    end: jest.fn((callback?: () => void) => callback?.()),
  };
  const added: Array<[string, Record<string, unknown>]> = [];
  const cluster = {
    add: (id: string, options: Record<string, unknown>) => added.push([id, options]),
    of: jest.fn(() => ({ getConnection: pool.getConnection })),
    end: jest.fn((callback?: () => void) => callback?.()),
  };
  const mysql = { createPool: jest.fn(() => pool), createPoolCluster: jest.fn(() => cluster) };
  return { mysql, queries, added, cluster };
}

const connectionOf = (pool: { getConnection(cb: (e: Error | null, c?: unknown) => void): void }) =>
  new Promise<unknown>((resolve, reject) => pool.getConnection((error, connection) => (error ? reject(error) : resolve(connection))));

describe('clusterAwareMysql', () => {
  it('one host: a plain pool, and each connection asks for causal reads and READ COMMITTED once in its life', async () => {
    const { mysql, queries } = fakeMysql();
    const pool = clusterAwareMysql(asMysql2(mysql), [{ host: 'db', port: 3306 }]).createPool({ host: 'db' });
    expect(mysql.createPool).toHaveBeenCalledWith({ host: 'db' });
    expect(mysql.createPoolCluster).not.toHaveBeenCalled();
    const handedOut = [];
    for (let i = 0; i < 4; i++) handedOut.push(await connectionOf(pool));
    expect(queries).toEqual([
      '1: SET SESSION wsrep_sync_wait = IF(@@wsrep_on, 1, @@session.wsrep_sync_wait)',
      '1: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
      '2: SET SESSION wsrep_sync_wait = IF(@@wsrep_on, 1, @@session.wsrep_sync_wait)',
      '2: SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
    ]);
    for (const connection of handedOut) expect(readCommittedSessions.has(connection as object)).toBe(true);
  });

  it('a connection whose session refused READ COMMITTED is handed out unmarked (its transactions set the level)', async () => {
    const { mysql, queries } = fakeMysql((sql) => sql.includes('ISOLATION') || sql.includes('wsrep'));
    const pool = clusterAwareMysql(asMysql2(mysql), [{ host: 'db', port: 3306 }]).createPool({ host: 'db' });
    const connection = await connectionOf(pool);
    expect(readCommittedSessions.has(connection as object)).toBe(false);
    await connectionOf(pool);
    await connectionOf(pool);
    // Tried once per connection, not again on every hand-out.
    expect(queries.filter((sql) => sql.startsWith('1:'))).toHaveLength(2);
  });

  it('several hosts: one failover cluster over them in DB_HOST order, each node with its own host and port', async () => {
    const { mysql, added, cluster } = fakeMysql();
    const pool = clusterAwareMysql(asMysql2(mysql), [
      { host: 'db1', port: 3311 },
      { host: 'db2', port: 3312 },
    ]).createPool({ host: 'db1', port: 3311, user: 'calendar' });
    expect(mysql.createPool).not.toHaveBeenCalled();
    expect(mysql.createPoolCluster).toHaveBeenCalledWith(expect.objectContaining({ canRetry: true, removeNodeErrorCount: 1 }));
    expect(added.map(([id, options]) => [id, options.host, options.port, options.user])).toEqual([
      ['node0', 'db1', 3311, 'calendar'],
      ['node1', 'db2', 3312, 'calendar'],
    ]);
    expect(cluster.of).toHaveBeenCalledWith('node*', 'ORDER');
    await connectionOf(pool);
    await new Promise<void>((resolve) => pool.end(() => resolve()));
    expect(cluster.end).toHaveBeenCalled();
  });

  it('a connection that cannot be had is reported as the error, without a session setup', async () => {
    const { mysql, queries } = fakeMysql();
    const failing = {
      ...mysql,
      createPool: () => ({ getConnection: (cb: (e: Error) => void) => cb(new Error('ECONNREFUSED')), end: () => undefined }),
    };
    const pool = clusterAwareMysql(asMysql2(failing), [{ host: 'db', port: 3306 }]).createPool({});
    await expect(connectionOf(pool)).rejects.toThrow('ECONNREFUSED');
    expect(queries).toEqual([]);
  });
});
