import { Term } from '@app/domain';
import { ancestorSlugs, showTerms, termsWithAncestors } from './term-ancestors';

const term = (id: number, slug: string, parentId = 0) => ({ id, slug, parentId, name: slug, count: 0 }) as unknown as Term;

/** music > jazz > bebop, and film at the top. */
const MUSIC = term(1, 'music');
const JAZZ = term(2, 'jazz', 1);
const BEBOP = term(3, 'bebop', 2);
const FILM = term(4, 'film');
const STORED = [MUSIC, JAZZ, BEBOP, FILM];

/** A loader over STORED that reads whole chains, as TermsRepository.withAncestors does, and records its calls. */
function chainLoader(stored: Term[] = STORED) {
  const calls: number[][] = [];
  const byId = new Map(stored.map((t) => [t.id, t]));
  const load = (ids: number[]) => {
    calls.push(ids);
    const found = new Map<number, Term>();
    for (let queue = [...ids]; queue.length > 0; ) {
      const next = byId.get(queue.shift() as number);
      if (next && !found.has(next.id)) {
        found.set(next.id, next);
        if (next.parentId !== 0) queue.push(next.parentId);
      }
    }
    return Promise.resolve([...found.values()]);
  };
  return { load, calls };
}

describe('ancestorSlugs', () => {
  const byId = new Map(STORED.map((t) => [t.id, t]));

  it.each([
    ['a top-level term', MUSIC, []],
    ['a child', JAZZ, ['music']],
    ['a grandchild, root first', BEBOP, ['music', 'jazz']],
  ])('%s', (_label, subject, expected) => {
    expect(ancestorSlugs(subject, byId)).toEqual(expected);
  });

  it('ends the chain at a parent it does not know', () => {
    expect(ancestorSlugs(BEBOP, new Map([[2, JAZZ]]))).toEqual(['jazz']);
  });

  it('ends on a cycle instead of looping', () => {
    const a = term(10, 'a', 11);
    const b = term(11, 'b', 10);
    expect(ancestorSlugs(a, new Map([a, b].map((t) => [t.id, t])))).toEqual(['b']);
  });
});

describe('termsWithAncestors', () => {
  it('reads nothing when every term is at the top', async () => {
    const { load, calls } = chainLoader();
    expect([...(await termsWithAncestors([MUSIC, FILM], load)).keys()]).toEqual([1, 4]);
    expect(calls).toEqual([]);
  });

  it('reads the missing parents of a whole page in one call, however deep and however many terms', async () => {
    const { load, calls } = chainLoader();
    const found = await termsWithAncestors([BEBOP, JAZZ, FILM], load);
    expect([...found.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([[1]]);
  });

  it('asks again for what a loader returned without its ancestors (a cache holding only the parent)', async () => {
    const parentOnly = (ids: number[]) => Promise.resolve(STORED.filter((t) => ids.includes(t.id)));
    const calls: number[][] = [];
    const found = await termsWithAncestors([BEBOP], (ids) => {
      calls.push(ids);
      return parentOnly(ids);
    });
    expect(calls).toEqual([[2], [1]]);
    expect(ancestorSlugs(BEBOP, found)).toEqual(['music', 'jazz']);
  });

  it('stops at a parent that no longer exists', async () => {
    const { load, calls } = chainLoader([BEBOP]);
    const found = await termsWithAncestors([BEBOP], load);
    expect([...found.keys()]).toEqual([3]);
    expect(calls).toEqual([[2]]);
  });
});

describe('showTerms', () => {
  it('gives each counted term its ancestors’ slugs and keeps its count', async () => {
    const { load } = chainLoader();
    const shown = await showTerms(
      [
        { term: BEBOP, count: 7 },
        { term: FILM, count: 0 },
      ],
      load,
    );
    expect(shown.map(({ term, count, ancestorSlugs: slugs }) => [term.slug, count, slugs])).toEqual([
      ['bebop', 7, ['music', 'jazz']],
      ['film', 0, []],
    ]);
  });
});
