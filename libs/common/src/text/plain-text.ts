import { Errors } from '../errors/errors';
import sanitizeHtml from 'sanitize-html';

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Rounds of stripping after which text still changing is given up on (see `toPlainText`). */
const MAX_ROUNDS = 8;

/** One round: tags removed, then the entities the cleaner writes decoded. */
function stripOnce(value: string): string {
  return sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Titles, names and term descriptions are plain text (docs/api-rules.md, Writes): tags are removed however they
 * were encoded (`&lt;b&gt;` decodes to a tag, which is removed too: stripping repeats until the
 * text no longer changes), entities are decoded, and control characters (CR, LF, tab, ...) become
 * spaces. Text that keeps changing after a few rounds is layered on purpose; its remaining `<` are
 * dropped so that no tag can survive.
 */
export function toPlainText(value: string): string {
  let text = value;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = stripOnce(text);
    if (next === text) break;
    text = round === MAX_ROUNDS - 1 ? next.replace(/</g, '') : next;
  }
  return text.replace(CONTROL_CHARACTERS, ' ').trim();
}

/** A title or name as stored: plain text that is not empty once its tags are stripped (docs/api-rules.md, Writes). */
export function requirePlainText(field: string, value: string): string {
  const text = toPlainText(value);
  if (text === '') throw Errors.invalidParam(field, 'validation.isNotEmpty');
  return text;
}
