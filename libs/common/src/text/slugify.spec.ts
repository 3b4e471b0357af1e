import { describeRules, itSettles } from '../../test/table-tests';
import { MAX_SLUG_LENGTH, nextFreeSlug, slugBase, slugCandidatePrefix, slugify } from './slugify';

describeRules('slugify', slugify, {
  'transliterates German letters, capitals included': [
    ['Ärger über Öl', 'aerger-ueber-oel'],
    ['Straße', 'strasse'],
    ['GROSSE STRASSE ẞ', 'grosse-strasse-ss'],
    ['ÄÖÜ äöü', 'aeoeue-aeoeue'],
  ],
  'treats decomposed umlauts (as macOS file names and some keyboards send them) like composed ones': [
    ['A\u0308rger u\u0308ber O\u0308l', 'aerger-ueber-oel'],
  ],
  'drops other accents': [
    ['Crème Brûlée', 'creme-brulee'],
    ['Café Niño Ålesund Ångström', 'cafe-nino-alesund-angstroem'],
    ['Łódź Søren Æsir Œuvre', 'lodz-soren-aesir-oeuvre'],
  ],
  'lower-cases and turns every run of other characters into one dash, trimmed at both ends': [
    ['  Hello, World!!  -- 2026 / Jazz & Blues ', 'hello-world-2026-jazz-blues'],
    ['a_b.c', 'a-b-c'],
  ],
  'may return an empty slug when nothing is left': [
    ['!!!', ''],
    ['東京', ''],
  ],
});

describe('slugify', () => {
  it('cuts at 200 characters, counting transliterated letters after transliteration', () => {
    expect(slugify('a'.repeat(250))).toBe('a'.repeat(MAX_SLUG_LENGTH));
    expect(MAX_SLUG_LENGTH).toBe(200);
    expect(slugify('ä'.repeat(150))).toBe('ae'.repeat(100));
  });

  it('does not end in a dash when the cut falls on one', () => {
    const slug = slugify(`${'a'.repeat(199)} b`);
    expect(slug).toBe('a'.repeat(199));
  });
});

describe('nextFreeSlug', () => {
  it('keeps the base when it is free', () => {
    expect(nextFreeSlug('konzert', [])).toBe('konzert');
    expect(nextFreeSlug('konzert', ['konzert-2'])).toBe('konzert');
  });

  it('appends -2, -3, ... to the first free number', () => {
    expect(nextFreeSlug('konzert', ['konzert'])).toBe('konzert-2');
    expect(nextFreeSlug('konzert', ['konzert', 'konzert-2'])).toBe('konzert-3');
    expect(nextFreeSlug('konzert', ['konzert', 'konzert-3'])).toBe('konzert-2');
  });

  it('counts past 9 and every result is unique', () => {
    const taken = ['x'];
    for (let i = 0; i < 11; i++) taken.push(nextFreeSlug('x', taken));
    expect(taken.slice(-2)).toEqual(['x-11', 'x-12']);
    expect(new Set(taken).size).toBe(taken.length);
  });

  it('keeps a suffixed slug within 200 characters', () => {
    const base = 'a'.repeat(MAX_SLUG_LENGTH);
    expect(nextFreeSlug(base, [base])).toBe(`${'a'.repeat(198)}-2`);
    const taken = [base];
    for (let i = 0; i < 10; i++) taken.push(nextFreeSlug(base, taken));
    expect(taken.at(-1)).toBe(`${'a'.repeat(197)}-11`);
    expect(taken.every((slug) => slug.length <= MAX_SLUG_LENGTH)).toBe(true);
  });

  it('does not leave a double dash when the cut falls on a dash', () => {
    const base = `${'a'.repeat(197)}-bc`;
    expect(nextFreeSlug(base, [base])).toBe(`${'a'.repeat(197)}-2`);
  });

  it('drops a whole run of dashes where the cut falls, even in a base that is not a slugify result', () => {
    const base = `${'a'.repeat(195)}----bc`;
    expect(nextFreeSlug(base, [base])).toBe(`${'a'.repeat(195)}-2`);
  });
});

describe('slugCandidatePrefix', () => {
  it('is a prefix of every candidate nextFreeSlug can return for a long base', () => {
    const base = slugify('x'.repeat(250));
    const prefix = slugCandidatePrefix(base);
    const taken: string[] = [];
    for (let i = 0; i < 12; i++) {
      const next = nextFreeSlug(base, taken);
      expect(next.startsWith(prefix)).toBe(true);
      taken.push(next);
    }
    expect(new Set(taken).size).toBe(12);
  });

  it('is the base itself when the base is short', () => {
    expect(slugCandidatePrefix('jazz-night')).toBe('jazz-night');
  });

  it('ends before a run of dashes where the cut falls', () => {
    expect(slugCandidatePrefix(`${'a'.repeat(185)}-----b`)).toBe('a'.repeat(185));
  });
});

describe('slug functions on adversarial input', () => {
  itSettles(
    (input) => [slugify(input), nextFreeSlug(input, [input]), slugCandidatePrefix(input)],
    [
      ['dashes then a letter', `${'-'.repeat(200_000)}a`],
      ['a letter then dashes', `a${'-'.repeat(200_000)}`],
      ['alternating dashes and blanks', '- '.repeat(100_000)],
      ['"<a" repeated', '<a'.repeat(100_000)],
    ],
  );

  it('trims dash runs at both ends of a slug', () => {
    expect(slugify(`${'-'.repeat(1000)}a b${'-'.repeat(1000)}`)).toBe('a-b');
  });
});

describe('slugBase', () => {
  it('is the slug a source asks for, or the fallback when it yields none', () => {
    expect(slugBase('Jazz Night', 'event')).toBe('jazz-night');
    expect(slugBase('!!!', 'event')).toBe('event');
  });
});

describe('nextFreeSlug with skip', () => {
  it('passes over that many free slugs', () => {
    expect(nextFreeSlug('jazz', ['jazz', 'jazz-2'], 0)).toBe('jazz-3');
    expect(nextFreeSlug('jazz', ['jazz', 'jazz-2'], 2)).toBe('jazz-5');
    expect(nextFreeSlug('jazz', ['jazz-3'], 1)).toBe('jazz-2');
    expect(nextFreeSlug('jazz', ['jazz-3'], 2)).toBe('jazz-4');
  });
});
