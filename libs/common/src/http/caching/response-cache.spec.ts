import { CachedResponse, ResponseCache } from './response-cache';

const entry = (bytes: number, etag = '"x"'): CachedResponse => ({
  etag,
  status: 200,
  headers: { 'Content-Type': 'application/json' },
  body: Buffer.alloc(bytes),
});

describe('ResponseCache', () => {
  it('returns what was stored under a key', () => {
    const cache = new ResponseCache(1_000_000);
    cache.set('a', entry(10, '"a"'));
    expect(cache.get('a')?.etag).toBe('"a"');
    expect(cache.get('b')).toBeUndefined();
  });

  it('stays within its byte bound, evicting the least recently used first', () => {
    const cache = new ResponseCache(5_000);
    cache.set('a', entry(1_000));
    cache.set('b', entry(1_000));
    cache.set('c', entry(1_000));
    cache.get('a');
    cache.set('d', entry(1_000));
    expect(cache.size).toBeLessThanOrEqual(5_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('keeps nothing larger than the whole bound, and nothing at all when the bound is 0', () => {
    const cache = new ResponseCache(2_000);
    cache.set('big', entry(5_000));
    expect(cache.get('big')).toBeUndefined();
    const off = new ResponseCache(0);
    off.set('a', entry(1));
    expect(off.enabled).toBe(false);
    expect(off.get('a')).toBeUndefined();
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const cache = new ResponseCache(10_000);
    cache.set('a', entry(1_000, '"1"'));
    const once = cache.size;
    cache.set('a', entry(1_000, '"2"'));
    expect(cache.size).toBe(once);
    expect(cache.get('a')?.etag).toBe('"2"');
  });
});
