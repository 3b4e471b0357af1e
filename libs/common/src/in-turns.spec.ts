import { mapInTurns } from './in-turns';

/** Counts turns of the event loop while `work` runs: each item records the turn it was mapped in. */
async function turnsSeen(work: (turn: () => number) => Promise<unknown>): Promise<void> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work(() => turns);
  } finally {
    running = false;
  }
}

describe('mapInTurns', () => {
  it('maps like Array.map, in order, with the index', async () => {
    expect(await mapInTurns(['a', 'b', 'c'], (item, i) => `${i}${item}`, 2)).toEqual(['0a', '1b', '2c']);
    expect(await mapInTurns([], (item: number) => item)).toEqual([]);
  });

  it('gives the event loop a turn between slices, so other work (a /health request) runs meanwhile', async () => {
    await turnsSeen(async (turn) => {
      const seen = await mapInTurns(
        Array.from({ length: 250 }, (_, i) => i),
        () => turn(),
        50,
      );
      // The items of one slice share a turn; every slice runs in a later one.
      const slices = [0, 50, 100, 150, 200].map((start) => new Set(seen.slice(start, start + 50)));
      slices.forEach((slice) => expect(slice.size).toBe(1));
      const order = slices.map((slice) => [...slice][0]);
      order.slice(1).forEach((value, i) => expect(value).toBeGreaterThan(order[i]));
    });
  });

  it('maps a list no longer than a slice at once', async () => {
    await turnsSeen(async (turn) => {
      const seen = await mapInTurns([1, 2, 3], () => turn(), 50);
      expect(new Set(seen).size).toBe(1);
    });
  });
});
