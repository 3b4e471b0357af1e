/*
 * What every text needs before it enters an iCalendar feed (RFC 5545). Calendar clients import
 * whatever a feed's lines say, so a line break or quote that comes from a title, a name or a
 * search string must never end a property or a parameter early.
 */

/**
 * Control characters (C0 but tab, DEL, C1) and the Unicode line and paragraph separators: no TEXT
 * value may hold one raw (RFC 5545, section 3.3.11), and some readers break lines at the separators.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is replaced
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;
const LINE_BREAKS = /\r\n|\r|\n/g;

/** A one-line text (title, name, term): every control character and line break becomes a space. */
export function feedLine(text: string): string {
  return text.replace(CONTROLS, ' ');
}

/** A text of several lines (a description): line breaks stay as `\n`, other control characters become spaces. */
export function feedParagraphs(text: string): string {
  return text
    .split(LINE_BREAKS)
    .map((line) => line.replace(CONTROLS, ' '))
    .join('\n');
}

/** A TEXT property value (RFC 5545, section 3.3.11): backslash, semicolon and comma escaped, line breaks written `\n`. */
export function escapeText(text: string): string {
  return feedParagraphs(text)
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

/**
 * A quoted parameter value (RFC 5545, section 3.2): it may hold neither a control character nor `"`, and has no
 * escapes of its own, so a double quote becomes a single one.
 */
export function quotedParameter(text: string): string {
  return `"${feedLine(text).replace(/"/g, "'")}"`;
}

/** A `mailto:` URI: everything outside the characters common in addresses is percent-encoded. */
export function mailtoUri(address: string): string {
  return `mailto:${[...address].map(uriCharacter).join('')}`;
}

function uriCharacter(character: string): string {
  if (/^[\w.@+-]$/.test(character)) return character;
  // A lone surrogate has no UTF-8 form: it stands for U+FFFD, as a decoder would read it.
  return /^[\ud800-\udfff]$/.test(character) ? '%EF%BF%BD' : encodeURIComponent(character);
}
