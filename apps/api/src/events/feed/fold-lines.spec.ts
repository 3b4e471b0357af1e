import { foldLines } from './fold-lines';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('foldLines', () => {
  it('leaves lines of up to 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLines(`${line}\r\nEND:VEVENT`)).toBe(`${line}\r\nEND:VEVENT`);
  });

  it.each([
    ['ASCII', 'DESCRIPTION:' + 'abcdefghij'.repeat(30)],
    ['umlauts', 'DESCRIPTION:' + 'Größe über Köln '.repeat(20)],
    ['emoji (4 octets, surrogate pairs)', 'SUMMARY:' + 'Jazz 🎷🎶 '.repeat(25)],
  ])('folds %s into lines of at most 75 octets without splitting a character, and unfolds to the input', (_label, line) => {
    const folded = foldLines(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});
