/**
 * The part of an X-ALT-DESC HTML document worth keeping: what is inside `<body>` when the producer
 * sent a whole document (Outlook and iCalcreator send DOCTYPE, HEAD and TITLE), else the text
 * itself. Null when nothing visible is left: Outlook attaches an HTML version to every event, most
 * of them empty paragraphs. Cleaning is the caller's: this text is still untrusted HTML.
 */
export function htmlBody(html: string): string | null {
  const lower = html.toLowerCase();
  const open = lower.indexOf('<body');
  const openEnd = open < 0 ? -1 : lower.indexOf('>', open);
  const close = lower.lastIndexOf('</body');
  const body = (openEnd >= 0 && close > openEnd ? html.slice(openEnd + 1, close) : html).trim();
  return hasVisibleContent(body) ? body : null;
}

/** Text outside tags and comments (a non-breaking space does not count), or an image. */
function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  let index = 0;
  while (index < html.length) {
    if (html.startsWith('<!--', index)) {
      const end = html.indexOf('-->', index + 4);
      index = end < 0 ? html.length : end + 3;
    } else if (html[index] === '<') {
      const end = html.indexOf('>', index + 1);
      index = end < 0 ? html.length : end + 1;
    } else if (html.startsWith('&nbsp;', index)) {
      index += '&nbsp;'.length;
    } else if (/\s/.test(html[index])) {
      index++;
    } else {
      return true;
    }
  }
  return false;
}
