import { MAX_SLUG_LENGTH, slugify, trimChar } from '@app/common';

/**
 * Hands out unique slugs the way the API names records (`base`, `base-2`, `base-3`, ...), in
 * memory: thousands of seeded records share a few hundred titles, so asking the database per
 * record, as the API does, would dominate the run. Counters make each call O(1) on average.
 */
export class SlugAllocator {
  private readonly taken: Set<string>;
  private readonly nextSuffix = new Map<string, number>();

  constructor(
    taken: Iterable<string>,
    private readonly fallback: string,
  ) {
    this.taken = new Set(taken);
  }

  /** Slugs found taken since (another writer's): never handed out. */
  markTaken(slugs: Iterable<string>): void {
    for (const slug of slugs) this.taken.add(slug);
  }

  allocate(source: string): string {
    const base = slugify(source) || this.fallback;
    let slug = base;
    let suffix = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(slug)) {
      const tail = `-${suffix}`;
      slug = trimChar(base.slice(0, MAX_SLUG_LENGTH - tail.length), '-', 'end') + tail;
      suffix += 1;
    }
    this.nextSuffix.set(base, suffix);
    this.taken.add(slug);
    return slug;
  }
}
