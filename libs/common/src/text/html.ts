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

/**
 * Longest description or excerpt, in characters (UTF-16 code units, as `string.length` and
 * class-validator's `@MaxLength` count them), to accept before any processing (README, Security). The
 * number is a MySQL TEXT column's size in bytes; whether the cleaned value fits is still checked
 * on the bytes stored. Callers reject longer input; `cleanHtml` itself does not.
 */
export const MAX_HTML_INPUT_LENGTH = 65535;

/** The start of an opening or closing tag: `<p`, `</p`. Fixed width, so searching for it is linear. */
const TAG_START = /<\/?[a-z]/i;

/**
 * Whether `text` is taken for HTML: it has a tag start followed, anywhere later, by `>`. Same
 * answer as /<\/?[a-z][\s\S]*>/i, which retried its `[\s\S]*` from every tag start and so took
 * quadratic time on input like `<a<a<a…` without a `>`. The first tag start leaves the
 * most room for a `>`, so it is the only one to check: one search, one `indexOf`.
 */
export function looksLikeHtml(text: string): boolean {
  const start = TAG_START.exec(text);
  return start !== null && text.includes('>', start.index + start[0].length);
}

/**
 * Descriptions and excerpts are HTML cleaned to a safe allow-list (docs/api-rules.md, Writes). Plain text is
 * wrapped in paragraphs, one per blank-line-separated block, as WordPress's wpautop does.
 */
export function cleanHtml(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  const html = looksLikeHtml(text)
    ? text
    : text
        .split(/\n\s*\n/)
        .map((block) => `<p>${block.trim().replace(/\n/g, '<br />')}</p>`)
        .join('\n');
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}
