import sanitizeHtml from 'sanitize-html';

/** Tags a description or excerpt may keep; scripts, styles, frames and event handlers never survive. */
const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'iframe'), 'img', 'del', 'ins', 'figure', 'figcaption'];

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

const LOOKS_LIKE_HTML = /<\/?[a-z][\s\S]*>/i;

/**
 * Descriptions and excerpts are HTML cleaned to a safe allow-list (contract §4). Plain text is
 * wrapped in paragraphs, one per blank-line-separated block, as WordPress's wpautop does.
 */
export function cleanHtml(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  const html = LOOKS_LIKE_HTML.test(text)
    ? text
    : text
        .split(/\n\s*\n/)
        .map((block) => `<p>${block.trim().replace(/\n/g, '<br />')}</p>`)
        .join('\n');
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}
