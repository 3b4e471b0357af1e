import type { DbHost } from '@app/config';

/** The parts of mysql2 TypeORM's MySQL driver uses (`driver` option): a pool it gets connections from and ends. */
export interface Mysql2 {
  createPool(options: object): Pool;
  createPoolCluster(options: object): PoolCluster;
}

interface Connection {
  query(sql: string, callback: (error: Error | null) => void): unknown;
  release(): void;
}

type ConnectionCallback = (error: Error | null, connection?: Connection) => void;

interface Pool {
  getConnection(callback: ConnectionCallback): void;
  end(callback?: (error?: Error | null) => void): void;
}

interface PoolCluster {
  add(id: string, options: object): void;
  of(pattern: string, selector: string): { getConnection(callback: ConnectionCallback): void };
  end(callback?: (error?: Error | null) => void): void;
}

/**
 * Galera causal reads (README, Running on a cluster): a read waits until this node has applied every write the cluster
 * committed before it, so a record created through another instance is found at once. Only on a
 * Galera node (`wsrep_on`); on a single server the session keeps its value. MySQL proper has no
 * such variable: the statement fails there and is ignored.
 */
const CAUSAL_READS = 'SET SESSION wsrep_sync_wait = IF(@@wsrep_on, 1, @@session.wsrep_sync_wait)';

/**
 * Write transactions run in READ COMMITTED (TransactionRunner). Set once for the session of every
 * connection instead of before each transaction (a round trip per write saved); a plain statement
 * or a read outside a transaction sees the same rows at either level, only locking statements
 * differ, and those run in the runner's transactions.
 */
const READ_COMMITTED = 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED';

/**
 * The connections whose session runs in READ COMMITTED (set by the pool below). A connection that
 * is not among them (its setup failed, or it came from elsewhere) has the level set per transaction.
 */
export const readCommittedSessions = new WeakSet<object>();

/** How long a lost node is left alone before the instance tries its own node again. */
const NODE_RETRY_MS = 5_000;
/** A node that does not answer is given up on quickly: the next one may. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Hands out each connection once it ran the session setup; a connection runs it once in its life
 * (a connection the pool opens anew, after a lost one too, is a new object and runs it again).
 */
function withSessionSetup(pool: Pool): Pool {
  const prepared = new WeakSet<Connection>();
  return {
    getConnection(callback) {
      pool.getConnection((error, connection) => {
        if (error || !connection) return callback(error);
        if (prepared.has(connection)) return callback(null, connection);
        connection.query(CAUSAL_READS, () => {
          connection.query(READ_COMMITTED, (isolationError) => {
            if (!isolationError) readCommittedSessions.add(connection);
            prepared.add(connection);
            callback(null, connection);
          });
        });
      });
    },
    end: (callback) => pool.end(callback),
  };
}

/**
 * One pool over every node of DB_HOST, in order: connections come from the first node that
 * answers, so an instance uses its own node while it is up and the next one while it is lost,
 * and returns to its own node once it answers again (tried every NODE_RETRY_MS).
 */
function failoverPool(mysql: Mysql2, hosts: DbHost[], options: object): Pool {
  const cluster = mysql.createPoolCluster({ canRetry: true, removeNodeErrorCount: 1, restoreNodeTimeout: NODE_RETRY_MS });
  hosts.forEach(({ host, port }, index) => cluster.add(`node${index}`, { ...options, host, port, connectTimeout: CONNECT_TIMEOUT_MS }));
  const nodes = cluster.of('node*', 'ORDER');
  return { getConnection: (callback) => nodes.getConnection(callback), end: (callback) => cluster.end(callback) };
}

/**
 * mysql2 as TypeORM's MySQL driver sees it, but cluster-aware: causal reads on Galera nodes, and
 * with several hosts in DB_HOST a pool that moves to the next node when one is lost.
 */
export function clusterAwareMysql(mysql: Mysql2, hosts: DbHost[]): Mysql2 {
  return {
    createPool: (options) => withSessionSetup(hosts.length > 1 ? failoverPool(mysql, hosts, options) : mysql.createPool(options)),
    createPoolCluster: (options) => mysql.createPoolCluster(options),
  };
}
