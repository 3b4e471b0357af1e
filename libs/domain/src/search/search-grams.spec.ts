import { passagesOf, recordGrams, searchPieces, termGrams, twoCharacterRange } from './search-grams';

describe('search grams', () => {
  it('every gram of a contained text is a gram of the record, whatever the case', () => {
    const record = recordGrams(['Großer ÄRGER im Jazzkeller', '']);
    for (const term of ['ärger', 'JAZZ', 'zzkeller', 'r im j']) {
      for (const gram of termGrams(term)) expect(record.has(gram)).toBe(true);
    }
    expect(termGrams('arger').every((gram) => record.has(gram))).toBe(false);
  });

  it('texts shorter than three characters have no gram of their own; two characters are a range', () => {
    expect(termGrams('ab')).toEqual([]);
    const [low, high] = twoCharacterRange('Er') ?? [0n, 0n];
    const inRange = [...recordGrams(['ER'])].filter((gram) => gram >= low && gram <= high);
    expect(inRange).toHaveLength(1);
    expect(twoCharacterRange('abc')).toBeUndefined();
  });

  it('counts characters beyond the basic plane as one', () => {
    expect(termGrams('a😀b')).toHaveLength(1);
  });
});

describe('passages', () => {
  it('cuts folded texts at tag brackets, slashes and line breaks, keeping passages of two characters or more', () => {
    expect(passagesOf('<p>Großer ÄRGER</p>\n<p>Ab 18/ok</p>')).toEqual(['großer ärger', 'ab 18', 'ok']);
  });

  it('a search is cut at the same characters, so a search of one piece lies inside one passage', () => {
    expect(searchPieces('ÄRGER im <b>Jazz')).toEqual(['ärger im ', 'b', 'jazz']);
    expect(searchPieces('jazzabend')).toEqual(['jazzabend']);
  });
});
