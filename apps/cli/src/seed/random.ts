/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same data set on
 * every machine and driver, which `Math.random` cannot promise.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items (fewer when the list is shorter), in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const wanted = Math.max(0, Math.min(count, items.length));
    const indexes = new Set<number>();
    // Redrawing a repeat costs less than copying a pool of thousands of venues for every event.
    while (indexes.size < wanted) indexes.add(Math.floor(this.next() * items.length));
    return [...indexes].map((index) => items[index]);
  }

  /** An index below `length`, low indexes drawn more often: some venues are busier than others. */
  skewedIndex(length: number): number {
    return Math.min(length - 1, Math.floor(length * this.next() ** 1.6));
  }
}
