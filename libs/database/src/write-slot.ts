import { randomInt } from 'node:crypto';

/** How many counter rows a shared counter is spread over (see writeSlotOf). */
const WRITE_SLOTS = 1024;

/** Where this process's rows start: two processes rarely pick overlapping rows, and then only take turns. */
const PROCESS_FIRST_SLOT = randomInt(WRITE_SLOTS);

/** Which lanes this process's open write transactions hold (index: lane). */
const lanesHeld: boolean[] = [];
const laneOfTransaction = new WeakMap<object, number>();

/**
 * Gives the write transaction of `db` a lane no other open transaction of this process holds,
 * until the returned function is called (when the transaction has ended). A process holds as many
 * lanes at once as it has write connections, so it keeps at most that many rows per counter.
 */
export function holdWriteLane(db: object): () => void {
  let lane = lanesHeld.indexOf(false);
  if (lane === -1) lane = lanesHeld.length;
  lanesHeld[lane] = true;
  laneOfTransaction.set(db, lane);
  return () => {
    lanesHeld[lane] = false;
    laneOfTransaction.delete(db);
  };
}

/**
 * The counter row a write transaction adds to, for counters every writer changes (the data
 * version, term counts, day counts, published counts): the value is the sum over the rows.
 * Each open transaction of a process has its own row (its lane), so writers never wait for each
 * other's commit over a counter, and writers on different Galera nodes never change one row and
 * never fail certification over it. A transaction without a lane (a CLI fill of its own) uses
 * the process's first row.
 */
export function writeSlotOf(db: object): number {
  return (PROCESS_FIRST_SLOT + (laneOfTransaction.get(db) ?? 0)) % WRITE_SLOTS;
}
