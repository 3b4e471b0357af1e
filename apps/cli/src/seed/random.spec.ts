import { Random } from './random';

const draws = (random: Random, count: number) => Array.from({ length: count }, () => random.next());

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    expect(draws(new Random(7), 20)).toEqual(draws(new Random(7), 20));
    expect(draws(new Random(8), 20)).not.toEqual(draws(new Random(7), 20));
  });

  it('draws floats in [0, 1) and integers within both bounds', () => {
    const random = new Random(1);
    const floats = draws(random, 5_000);
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...floats)).toBeLessThan(1);
    const ints = new Set(Array.from({ length: 2_000 }, () => random.int(1, 3)));
    expect([...ints].sort()).toEqual([1, 2, 3]);
  });

  it('samples distinct items, never more than the list holds', () => {
    const random = new Random(3);
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (let i = 0; i < 200; i++) {
      const sample = random.sample(items, 3);
      expect(new Set(sample).size).toBe(3);
      for (const item of sample) expect(items).toContain(item);
    }
    expect(random.sample(items, 9).sort()).toEqual(items);
    expect(random.sample(items, 0)).toEqual([]);
    expect(random.sample([], 2)).toEqual([]);
  });

  it('skews indexes towards the start of the list but reaches its end', () => {
    const random = new Random(5);
    const indexes = Array.from({ length: 10_000 }, () => random.skewedIndex(10));
    const counts = Array.from({ length: 10 }, (_v, i) => indexes.filter((index) => index === i).length);
    expect(Math.min(...indexes)).toBe(0);
    expect(Math.max(...indexes)).toBe(9);
    expect(counts[0]).toBeGreaterThan(counts[9]);
  });
});
