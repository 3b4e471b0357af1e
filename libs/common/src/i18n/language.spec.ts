import { itReturns } from '../../test/table-tests';
import { isLanguage, languageFromAcceptHeader, resolveLanguage } from './language';

describe('resolveLanguage (parameter, then path segment, then Accept-Language, then en)', () => {
  it('defaults to English when nothing says otherwise', () => {
    expect(resolveLanguage({})).toBe('en');
  });

  it('prefers translation_language over the path segment and the header', () => {
    expect(resolveLanguage({ parameter: 'de', pathSegment: 'en', acceptLanguage: 'en' })).toBe('de');
    expect(resolveLanguage({ parameter: 'en', pathSegment: 'de', acceptLanguage: 'de' })).toBe('en');
  });

  it('prefers the path segment over the header', () => {
    expect(resolveLanguage({ pathSegment: 'de', acceptLanguage: 'en' })).toBe('de');
    expect(resolveLanguage({ pathSegment: 'en', acceptLanguage: 'de' })).toBe('en');
  });

  it('uses the header when there is neither parameter nor path segment', () => {
    expect(resolveLanguage({ acceptLanguage: 'de-DE' })).toBe('de');
  });

  it.each([['fr'], ['DE'], [''], [['de']], [42], [null]])('ignores an invalid parameter %p and falls through', (parameter) => {
    expect(resolveLanguage({ parameter, pathSegment: 'de', acceptLanguage: 'en' })).toBe('de');
    expect(resolveLanguage({ parameter, acceptLanguage: 'de' })).toBe('de');
    expect(resolveLanguage({ parameter })).toBe('en');
  });
});

describe('languageFromAcceptHeader', () => {
  itReturns('%s → %s', languageFromAcceptHeader, [
    ['de', 'de'],
    ['de-DE', 'de'],
    ['DE-at', 'de'],
    ['en-US', 'en'],
    ['en-US,de;q=0.9', 'en'],
    ['fr-FR, de;q=0.5, en;q=0.4', 'de'],
    ['en;q=0.5, de;q=0.8', 'de'],
    [' de ; q=0.7 , en ; q=0.3 ', 'de'],
    ['de, en', 'de'],
    ['en;q=0.8, de;q=0.8', 'en'],
  ]);

  it.each([[undefined], [''], ['fr'], ['*'], ['de;q=0'], ['de;q=abc'], ['ja, zh;q=0.9']])('finds no language of ours in %p', (header) => {
    expect(languageFromAcceptHeader(header)).toBeUndefined();
  });

  it('skips a refused language for the next acceptable one', () => {
    expect(languageFromAcceptHeader('de;q=0, en;q=0.1')).toBe('en');
  });
});

describe('isLanguage', () => {
  it('accepts exactly en and de', () => {
    expect(['en', 'de', 'EN', 'de-DE', 'fr', undefined].map(isLanguage)).toEqual([true, true, false, false, false, false]);
  });
});
