/** One logical line of an iCalendar file: its folds joined, decoded, and the physical line it starts on (1-based). */
export interface ContentLine {
  text: string;
  line: number;
}

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Windows-1252's characters for the bytes 0x80-0x9F (Latin-1 has control characters there); undefined bytes stay as they are. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Splits a file into logical lines. Line breaks may be CRLF, LF or a lone CR; a physical line that
 * starts with a space or a tab continues the one before it (the break and that one character are
 * dropped). Folding happens on bytes before decoding, because producers fold at 75 octets and so
 * may cut a multi-byte UTF-8 character in two. Blank lines are skipped; a leading byte-order mark
 * is ignored.
 */
export function unfoldLines(input: Buffer | string): ContentLine[] {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const { joined, starts } = joinFolds(bytes);
  let texts: string[];
  try {
    texts = utf8.decode(joined).split('\n');
  } catch {
    texts = splitBytes(joined).map(decode);
  }
  return starts.map((line, index) => ({ text: texts[index], line }));
}

/**
 * The logical lines' bytes, each ended by one LF, and the physical line each starts on. Copying
 * once and decoding the whole file in one call is several times faster than decoding line by line.
 */
function joinFolds(bytes: Buffer): { joined: Buffer; starts: number[] } {
  const joined = Buffer.allocUnsafe(bytes.length + 1);
  const starts: number[] = [];
  let length = 0;
  let position = hasByteOrderMark(bytes) ? 3 : 0;
  let physicalLine = 0;
  while (position < bytes.length) {
    physicalLine++;
    const end = lineEnd(bytes, position);
    if (end > position) {
      const first = bytes[position];
      const continues = (first === SPACE || first === TAB) && starts.length > 0;
      if (continues) {
        length--;
        position++;
      } else {
        starts.push(physicalLine);
      }
      length += bytes.copy(joined, length, position, end);
      joined[length++] = LF;
    }
    position = nextLineStart(bytes, end);
  }
  return { joined: joined.subarray(0, Math.max(length - 1, 0)), starts };
}

function splitBytes(joined: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = joined.indexOf(LF); index >= 0; index = joined.indexOf(LF, start)) {
    lines.push(joined.subarray(start, index));
    start = index + 1;
  }
  lines.push(joined.subarray(start));
  return lines;
}

function hasByteOrderMark(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

function lineEnd(bytes: Buffer, from: number): number {
  let index = from;
  while (index < bytes.length && bytes[index] !== LF && bytes[index] !== CR) index++;
  return index;
}

function nextLineStart(bytes: Buffer, end: number): number {
  if (bytes[end] === CR && bytes[end + 1] === LF) return end + 2;
  return end + 1;
}

/** Outlook 2003 and some PHP exporters write Windows-1252: a line that is not UTF-8 is read as that. */
function decode(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]);
  }
}
