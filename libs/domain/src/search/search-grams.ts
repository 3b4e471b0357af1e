/*
 * The n-gram index of MySQL/MariaDB for substring search (README: "Event search at scale"). A
 * record's searchable texts are folded (JavaScript's toLowerCase, as SQLite's lower() is replaced
 * with it, so `ÄRGER` finds `Ärger` and accents stay: `Arger` does not) and cut into overlapping
 * three-character grams; each distinct gram is one row (kind, gram, record). A search of three
 * characters or more needs every gram of its text, so the records holding its rarest grams are
 * the candidates, and the exact substring test runs on their rows only.
 *
 * A gram is stored as a number: three code points of 21 bits each (fits a signed BIGINT), so the
 * grams starting with two given characters are one range of the primary key. Every text is padded
 * with two zero code points at its end, so every position of a text starts a gram and a search of
 * two characters finds its candidates as that range.
 */

const BITS = 21n;
const PAD = 0;
const MAX_CODE_POINT = (1 << 21) - 1;

/** How the index and the search fold a text: case of every letter, nothing else. */
export function foldForSearch(text: string): string {
  return text.toLowerCase();
}

function encode(a: number, b: number, c: number): bigint {
  return (BigInt(a) << (BITS * 2n)) | (BigInt(b) << BITS) | BigInt(c);
}

function codePoints(text: string): number[] {
  return [...foldForSearch(text)].map((ch) => ch.codePointAt(0) ?? PAD);
}

/** The distinct grams of a record's texts, each text padded at its end. */
export function recordGrams(texts: readonly string[]): Set<bigint> {
  const grams = new Set<bigint>();
  for (const text of texts) {
    const points = [...codePoints(text), PAD, PAD];
    for (let i = 0; i + 2 < points.length; i++) grams.add(encode(points[i], points[i + 1], points[i + 2]));
  }
  return grams;
}

/** The grams a record must hold to contain `text` (three characters or more; none for shorter texts). */
export function termGrams(text: string): bigint[] {
  const points = codePoints(text);
  const grams = new Set<bigint>();
  for (let i = 0; i + 2 < points.length; i++) grams.add(encode(points[i], points[i + 1], points[i + 2]));
  return [...grams];
}

/** For a text of exactly two characters: the first and last gram a containing record holds one of. */
export function twoCharacterRange(text: string): [bigint, bigint] | undefined {
  const points = codePoints(text);
  if (points.length !== 2) return undefined;
  return [encode(points[0], points[1], 0), encode(points[0], points[1], MAX_CODE_POINT)];
}

/*
 * Passages: a folded text cut at the characters that end one (HTML tag brackets, slashes, line
 * breaks). A search without such characters lies inside one passage wherever it occurs, so a
 * record contains it exactly when one of its passages does: the index keeps each distinct
 * passage once (its text and grams) and, per record, which passages its texts hold. Calendars
 * repeat passages (a venue's directions, a series' paragraphs, a seed's sentences), so the
 * grams of a repeated passage are written once, not per record.
 */
const PASSAGE_BREAK = /[<>/\n\r]/;

/** The distinct passages of a text, folded, of two characters or more (a shorter one holds no search of two). */
export function passagesOf(text: string): string[] {
  return [...new Set(foldForSearch(text).split(PASSAGE_BREAK))].filter((passage) => [...passage].length >= 2);
}

/** A search's pieces between passage breaks, folded (one piece: the search lies inside one passage). */
export function searchPieces(text: string): string[] {
  return foldForSearch(text)
    .split(PASSAGE_BREAK)
    .filter((piece) => piece !== '');
}

/** Code points of a folded text (a character beyond the basic plane counts as one). */
export function characterCount(text: string): number {
  return [...text].length;
}
