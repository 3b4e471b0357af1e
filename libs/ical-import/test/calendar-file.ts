/**
 * Fixture helpers: a calendar file from its lines, with the line breaks a producer uses, and
 * folding done on bytes at 75 octets as Google does (which may cut a UTF-8 character in two).
 */
export function calendarFile(lines: (string | Buffer)[], eol: '\r\n' | '\n' = '\r\n', finalBreak = true): Buffer {
  const parts: Buffer[] = [];
  lines.forEach((line, index) => {
    parts.push(typeof line === 'string' ? Buffer.from(line, 'utf8') : line);
    if (finalBreak || index < lines.length - 1) parts.push(Buffer.from(eol));
  });
  return Buffer.concat(parts);
}

/** One content line folded every 75 octets (continuations start with a space), line breaks CRLF. */
export function foldedOnBytes(line: string, width = 75): Buffer {
  const bytes = Buffer.from(line, 'utf8');
  const parts: Buffer[] = [bytes.subarray(0, width)];
  for (let start = width; start < bytes.length; start += width - 1) {
    parts.push(Buffer.from('\r\n '), bytes.subarray(start, start + width - 1));
  }
  return Buffer.concat(parts);
}
