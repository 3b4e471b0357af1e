/**
 * `text` without runs of `char` at its end (`'end'`) or at both ends. A loop rather than a regex
 * like /-+$/, which the engine retries from every character of a run: quadratic in the run's length.
 */
export function trimChar(text: string, char: string, ends: 'end' | 'both' = 'both'): string {
  let start = 0;
  let end = text.length;
  while (end > start && text[end - 1] === char) end--;
  if (ends === 'both') while (start < end && text[start] === char) start++;
  return text.slice(start, end);
}
