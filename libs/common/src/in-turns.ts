import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items mapped between two turns of the event loop: small enough that a turn stays short (milliseconds). */
const ITEMS_PER_TURN = 50;

/**
 * `items.map(map)` in slices, giving the event loop a turn between slices: a long render (a feed of
 * thousands of events) never holds up other requests, such as `/health`, for more than one slice.
 * Lists no longer than a slice are mapped at once, with no turn given.
 */
export async function mapInTurns<T, R>(items: readonly T[], map: (item: T, index: number) => R, perTurn = ITEMS_PER_TURN): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += perTurn) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + perTurn);
    for (let i = start; i < end; i++) results.push(map(items[i], i));
  }
  return results;
}
