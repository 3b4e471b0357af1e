import { paramIs, paramValue, parseProperty } from './property';
import { singleLine, splitUnescaped, unescapeText } from './text-value';

const parse = (text: string) => parseProperty({ text, line: 7 });

describe('parseProperty', () => {
  it('reads name, parameters and value, upper-casing names', () => {
    expect(parse('dtstart;tzid=Europe/Berlin:20250101T100000')).toEqual({
      name: 'DTSTART',
      params: { TZID: ['Europe/Berlin'] },
      value: '20250101T100000',
      line: 7,
    });
  });

  it('reads quoted values, which may hold ; : and , and several values of one parameter', () => {
    const property = parse('ATTENDEE;MEMBER="mailto:a@x.org","mailto:b@x.org";CN="Roe, Jane; (Stage)":mailto:jane@x.org');
    expect(property?.params.MEMBER).toEqual(['mailto:a@x.org', 'mailto:b@x.org']);
    expect(property?.params.CN).toEqual(['Roe, Jane; (Stage)']);
    expect(property?.value).toBe('mailto:jane@x.org');
  });

  it("decodes RFC 6868 carets in parameter values (^' ^n ^^)", () => {
    expect(parse(`ATTENDEE;CN="a ^'b^' ^^ c^nd":mailto:x@y`)?.params.CN).toEqual(['a "b" ^ c\nd']);
  });

  it('joins an unquoted TZID with commas back together when read as one value', () => {
    const property = parse('DTSTART;TZID=Bangkok, Hanoi, Jakarta:20240507T093000');
    expect(property?.params.TZID).toEqual(['Bangkok', ' Hanoi', ' Jakarta']);
    expect(paramValue(property!, 'TZID')).toBe('Bangkok, Hanoi, Jakarta');
    expect(property?.value).toBe('20240507T093000');
  });

  it("keeps Apple's backslash-escaped semicolon inside an unquoted parameter value", () => {
    const property = parse('X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Main St 1\\; Linz;X-APPLE-RADIUS=70:geo:48.3,14.2');
    expect(property?.params['X-TITLE']).toEqual(['Main St 1\\; Linz']);
    expect(property?.params['X-APPLE-RADIUS']).toEqual(['70']);
    expect(property?.value).toBe('geo:48.3,14.2');
  });

  it('keeps a parameter without = with an empty value', () => {
    expect(parse('ATTACH;BASE64:abc')?.params).toEqual({ BASE64: [''] });
  });

  it.each(['no colon here', ':value without name', 'NAME;"x"=1:v', 'NAME;P="unclosed:v', 'NAME;P="a"b:v', 'NA ME:v'])(
    'refuses %j',
    (text) => {
      expect(parse(text)).toBeNull();
    },
  );

  it('compares parameter values without regard to case', () => {
    expect(paramIs(parse('X-ALT-DESC;FMTTYPE=Text/HTML:<p>')!, 'FMTTYPE', 'text/html')).toBe(true);
  });
});

describe('TEXT values', () => {
  it('unescapes \\n \\N \\\\ \\; \\, and drops needless backslashes', () => {
    expect(unescapeText('a\\nb\\Nc\\\\d\\;e\\,f\\:g')).toBe('a\nb\nc\\d;e,f:g');
  });

  it('splits lists on unescaped separators only', () => {
    expect(splitUnescaped('a,b\\,c,,d', ',')).toEqual(['a', 'b,c', '', 'd']);
    expect(splitUnescaped('1.5;2\\;5', ';')).toEqual(['1.5', '2;5']);
  });

  it('makes one line of text: control characters become spaces, the ends are trimmed', () => {
    expect(singleLine('  a\nb\tc\u0007 ')).toBe('a b c');
  });
});
