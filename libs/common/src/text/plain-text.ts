import { Errors } from '../errors/errors';
import sanitizeHtml from 'sanitize-html';

/** Titles, names and term descriptions are plain text: tags are removed, entities kept as typed. */
export function toPlainText(value: string): string {
  return sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

/** A title or name as stored: plain text that is not empty once its tags are stripped (docs/api-rules.md, Writes). */
export function requirePlainText(field: string, value: string): string {
  const text = toPlainText(value);
  if (text === '') throw Errors.invalidParam(field, 'validation.isNotEmpty');
  return text;
}
