import { unfoldLines } from './content-lines';

describe('unfoldLines', () => {
  it('splits on CRLF, LF and lone CR and numbers physical lines from 1', () => {
    const lines = unfoldLines(Buffer.from('A:1\r\nB:2\nC:3\rD:4'));
    expect(lines).toEqual([
      { text: 'A:1', line: 1 },
      { text: 'B:2', line: 2 },
      { text: 'C:3', line: 3 },
      { text: 'D:4', line: 4 },
    ]);
  });

  it('joins a line folded with a space or a tab, dropping exactly one whitespace character', () => {
    const lines = unfoldLines('DESCRIPTION:one\r\n two\r\n\t three\r\nNEXT:x\r\n');
    expect(lines).toEqual([
      { text: 'DESCRIPTION:onetwo three', line: 1 },
      { text: 'NEXT:x', line: 4 },
    ]);
  });

  it('joins folds before decoding, so a UTF-8 character cut in two survives', () => {
    const text = Buffer.from('SUMMARY:Grüße', 'utf8');
    const cut = text.indexOf(0xc3) + 1;
    const folded = Buffer.concat([text.subarray(0, cut), Buffer.from('\r\n '), text.subarray(cut), Buffer.from('\r\n')]);
    expect(unfoldLines(folded)).toEqual([{ text: 'SUMMARY:Grüße', line: 1 }]);
  });

  it('skips a byte-order mark and blank lines, keeping the numbers of the lines that follow', () => {
    const lines = unfoldLines(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('A:1\n\n\nB:2\n')]));
    expect(lines).toEqual([
      { text: 'A:1', line: 1 },
      { text: 'B:2', line: 4 },
    ]);
  });

  it('reads a line that is not UTF-8 as Windows-1252', () => {
    const latin = Buffer.concat([Buffer.from('SUMMARY:Gr'), Buffer.from([0xfc, 0xdf, 0x80])]);
    expect(unfoldLines(latin)[0].text).toBe('SUMMARY:Grüß€');
  });

  it('keeps a continuation line that has nothing to continue as a line of its own', () => {
    expect(unfoldLines(' X:1\nA:2')).toEqual([
      { text: ' X:1', line: 1 },
      { text: 'A:2', line: 2 },
    ]);
  });
});
