import { queryInSlices } from './query-in-slices';

describe('queryInSlices', () => {
  it('queries each slice once, in order, and returns every result', async () => {
    const slices: number[][] = [];
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const rows = await queryInSlices(
      ids,
      (slice) => {
        slices.push(slice);
        return Promise.resolve(slice.map((id) => id * 10));
      },
      100,
    );
    expect(slices.map((slice) => [slice[0], slice.length])).toEqual([
      [1, 100],
      [101, 100],
      [201, 50],
    ]);
    expect(rows).toEqual(ids.map((id) => id * 10));
    expect(await queryInSlices([], () => Promise.resolve([1]))).toEqual([]);
  });

  it('lets other work run between slices (an event-loop turn), and none within a list of one slice', async () => {
    const log: string[] = [];
    const other = () => setImmediate(() => log.push('other'));
    const query = (slice: number[]) => {
      log.push(`query ${slice[0]}`);
      return Promise.resolve(slice);
    };
    other();
    await queryInSlices([1, 2, 3, 4, 5], query, 2);
    expect(log).toEqual(['query 1', 'other', 'query 3', 'query 5']);
    log.length = 0;
    other();
    await queryInSlices([1, 2], query, 2);
    expect(log).toEqual(['query 1']);
  });
});
