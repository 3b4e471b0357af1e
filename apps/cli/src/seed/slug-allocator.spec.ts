import { MAX_SLUG_LENGTH, nextFreeSlug, slugify } from '@app/common';
import { SlugAllocator } from './slug-allocator';

describe('SlugAllocator', () => {
  it('numbers repeats of a title as the API does: base, base-2, base-3', () => {
    const slugs = new SlugAllocator([], 'event');
    expect(['Open Mic Night', 'Open Mic Night', 'open mic night!'].map((title) => slugs.allocate(title))).toEqual([
      'open-mic-night',
      'open-mic-night-2',
      'open-mic-night-3',
    ]);
  });

  it('skips slugs the table already holds', () => {
    const slugs = new SlugAllocator(['repair-cafe', 'repair-cafe-2', 'repair-cafe-4'], 'event');
    expect([slugs.allocate('Repair-Café'), slugs.allocate('Repair-Café'), slugs.allocate('Repair-Café')]).toEqual([
      'repair-cafe-3',
      'repair-cafe-5',
      'repair-cafe-6',
    ]);
  });

  it('gives the same slug nextFreeSlug would, at every step', () => {
    const titles = ['Yoga im Park', 'Flohmarkt', 'Yoga im Park', 'Yoga im Park 2', 'Flohmarkt', 'Yoga im Park', 'Flohmarkt 2'];
    const existing = ['flohmarkt-3', 'yoga-im-park'];
    const slugs = new SlugAllocator(existing, 'event');
    const taken = [...existing];
    for (const title of titles) {
      const expected = nextFreeSlug(slugify(title), taken);
      expect(slugs.allocate(title)).toBe(expected);
      taken.push(expected);
    }
  });

  it('falls back for titles without letters or digits and keeps suffixed slugs within the length limit', () => {
    const slugs = new SlugAllocator([], 'event');
    expect([slugs.allocate('!!!'), slugs.allocate('???')]).toEqual(['event', 'event-2']);
    const long = 'a'.repeat(MAX_SLUG_LENGTH + 20);
    slugs.allocate(long);
    const second = slugs.allocate(long);
    expect(second).toHaveLength(MAX_SLUG_LENGTH);
    expect(second.endsWith('-2')).toBe(true);
  });
});
