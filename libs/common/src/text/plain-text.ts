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
