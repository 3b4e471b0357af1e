import { LANGUAGES } from '@app/common/i18n/language';
import { EVENT_PROBLEMS, FETCH_PROBLEMS, FILE_PROBLEMS } from './import-problem';
import { describeProblem, describeSkippedEvent, PROBLEM_MESSAGES } from './problem-messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('problem messages', () => {
  const codes = [...FILE_PROBLEMS, ...EVENT_PROBLEMS, ...FETCH_PROBLEMS];

  it.each(LANGUAGES)('has a %s text for every code and no other', (language) => {
    expect(Object.keys(PROBLEM_MESSAGES[language]).sort()).toEqual([...codes].sort());
  });

  it.each(codes)('uses the same placeholders in English and German for %s', (code) => {
    expect(placeholders(PROBLEM_MESSAGES.de[code])).toEqual(placeholders(PROBLEM_MESSAGES.en[code]));
  });

  it('fills in the params, the range name in the language of the text', () => {
    const problem = { code: 'fetch_address_refused' as const, params: { host: 'feed.example.org', address: '10.0.0.5', range: 'private' } };
    expect(describeProblem(problem, 'en')).toBe(
      'The host feed.example.org resolves to 10.0.0.5, an address in the private range, which is not fetched.',
    );
    expect(describeProblem(problem, 'de')).toBe(
      'Der Host feed.example.org verweist auf 10.0.0.5, eine Adresse aus einem privaten Bereich, die nicht abgerufen wird.',
    );
  });

  it('names the line of a skipped event', () => {
    expect(describeSkippedEvent({ uid: 'a', line: 42, reason: 'event_missing_start' }, 'de')).toBe(
      'Zeile 42: Die Veranstaltung hat keinen Beginn (DTSTART).',
    );
  });
});
