import { trimChar } from './trim';

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'ae', Ö: 'oe', Ü: 'ue', ẞ: 'ss' };
/** Letters whose mark Unicode does not decompose (strokes, ligatures): spelled as their base letters. */
const UNDECOMPOSABLE_LETTERS: Record<string, string> = {
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ħ: 'h',
  Ħ: 'h',
  ı: 'i',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
};

export const MAX_SLUG_LENGTH = 200;

/**
 * docs/api-rules.md, Writes: lower-case ASCII, German letters transliterated, other accents dropped, runs of
 * anything else become one `-`, at most 200 characters. May return '' (e.g. for "!!!").
 */
export function slugify(text: string): string {
  const dashed = text
    // Composed first, so a decomposed "a" + U+0308 is recognised as "ä" too.
    .normalize('NFC')
    .replace(/[äöüßÄÖÜẞ]/g, (ch) => GERMAN_LETTERS[ch])
    .replace(/[øØłŁđĐħĦıæÆœŒ]/g, (ch) => UNDECOMPOSABLE_LETTERS[ch])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimChar(trimChar(dashed, '-').slice(0, MAX_SLUG_LENGTH), '-', 'end');
}

/**
 * The first free slug among `base`, `base-2`, `base-3`, ... given the slugs already taken that
 * start with `base`; with `skip`, the free one after `skip` others (writers that keep choosing the
 * same free slug at once spread out). The suffix still fits within the length limit.
 */
export function nextFreeSlug(base: string, taken: Iterable<string>, skip = 0): string {
  const used = new Set(taken);
  let toSkip = skip;
  if (!used.has(base) && toSkip-- === 0) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = trimChar(base.slice(0, MAX_SLUG_LENGTH - suffix.length), '-', 'end') + suffix;
    if (!used.has(candidate) && toSkip-- === 0) return candidate;
  }
}

/** Room left for a `-N` suffix when a long base is shortened (`nextFreeSlug`). */
const SUFFIX_ROOM = 12;

/**
 * The part every candidate `nextFreeSlug` may return shares with `base`: a long base is shortened
 * to make room for `-N`, so taken candidates need not start with all of it. Callers look up the
 * slugs already taken with this prefix.
 */
export function slugCandidatePrefix(base: string): string {
  return trimChar(base.slice(0, MAX_SLUG_LENGTH - SUFFIX_ROOM), '-', 'end');
}

/** The slug `source` asks for before any `-N` suffix: its slugified form, or `fallback` when that is empty. */
export function slugBase(source: string, fallback: string): string {
  return slugify(source) || fallback;
}

/**
 * The first free slug for `source` (docs/api-rules.md, Writes): `fallback` when the source yields none, then
 * `-2`, `-3`, ... past the slugs `takenWithPrefix` reports for the candidates' common prefix
 * (`skip`: see nextFreeSlug).
 */
export async function chooseFreeSlug(
  source: string,
  fallback: string,
  takenWithPrefix: (prefix: string) => Promise<string[]>,
  skip = 0,
): Promise<string> {
  const base = slugBase(source, fallback);
  return nextFreeSlug(base, await takenWithPrefix(slugCandidatePrefix(base)), skip);
}
