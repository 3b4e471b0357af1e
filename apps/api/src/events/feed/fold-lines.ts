/** RFC 5545, section 3.1: content lines longer than 75 octets are folded (CRLF and one space). */
const MAX_OCTETS = 75;

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

function foldLine(line: string): string {
  // Most lines are short: no character can push them past the limit.
  if (line.length * 3 <= MAX_OCTETS || Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; ) {
    const codePoint = line.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    const size = utf8Length(codePoint);
    if (octets + size > MAX_OCTETS) {
      parts.push(line.slice(start, i));
      start = i;
      // The continuation line starts with a space, which counts.
      octets = 1;
    }
    octets += size;
    i += width;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/**
 * Folds each CRLF-separated line at 75 octets without splitting a character. ical-generator folds
 * its calendars too, but allocates a TextEncoder per character: half a second for 1,000 events.
 */
export function foldLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}
