import { matchHits, noneMatchHits, parseEtagList, strongEtag } from './etag';

const KEY = Buffer.from('k'.repeat(32));

describe('strongEtag', () => {
  it('is a quoted, strong tag that depends on every part and their order', () => {
    const tag = strongEtag(['v1', '/events', 'en'], KEY);
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(strongEtag(['v1', '/events', 'en'], KEY)).toBe(tag);
    expect(strongEtag(['v2', '/events', 'en'], KEY)).not.toBe(tag);
    expect(strongEtag(['/events', 'v1', 'en'], KEY)).not.toBe(tag);
    expect(strongEtag(['v1', '/events\nen'], KEY)).not.toBe(strongEtag(['v1\n/events', 'en'], KEY));
  });

  it('depends on the key: without it nothing can be recomputed from the parts', () => {
    expect(strongEtag(['v1', '/events', 'en'], Buffer.from('x'.repeat(32)))).not.toBe(strongEtag(['v1', '/events', 'en'], KEY));
  });
});

describe('entity tag lists', () => {
  it('splits lists and keeps *', () => {
    expect(parseEtagList(' "a", W/"b" ,*')).toEqual(['"a"', 'W/"b"', '*']);
    expect(parseEtagList(undefined)).toEqual([]);
  });

  it.each([
    ['"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['*', '"a"', false],
    ['"b"', '"a"', false],
    [undefined, '"a"', false],
  ])('If-None-Match %j against %s: %s', (header, etag, hit) => {
    expect(noneMatchHits(header, etag)).toBe(hit);
  });

  it.each([
    ['"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['W/"a"', '"a"', false],
    ['*', '"a"', true],
    ['*', undefined, false],
    ['"b"', '"a"', false],
  ])('If-Match %j against %s: %s', (header, etag, hit) => {
    expect(matchHits(header, etag)).toBe(hit);
  });
});
