import { zoneByName } from '@app/common';
import { parseRRule } from '../rule/parse-rrule';
import { describeRule } from './describe-rule';
import de from './phrases/de.json';
import en from './phrases/en.json';

const berlin = zoneByName('Europe/Berlin');

function text(rrule: string, language: 'en' | 'de'): string {
  return describeRule(parseRRule(rrule, berlin), berlin, language);
}

describe('describeRule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10', 'Every week on Monday and Wednesday, 10 times', 'Jede Woche am Montag und Mittwoch, 10-mal'],
    ['FREQ=DAILY', 'Every day', 'Jeden Tag'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=1', 'Every 3 days, once', 'Alle 3 Tage, einmal'],
    ['FREQ=MONTHLY;BYDAY=1SA', 'Every month on the first Saturday', 'Jeden Monat am ersten Samstag'],
    ['FREQ=MONTHLY;BYDAY=SA;BYSETPOS=1', 'Every month on the first Saturday', 'Jeden Monat am ersten Samstag'],
    [
      'FREQ=MONTHLY;BYDAY=-1FR,-2FR',
      'Every month on the second-to-last Friday and the last Friday',
      'Jeden Monat am vorletzten Freitag und letzten Freitag',
    ],
    [
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15,-1',
      'Every 2 months on the 1st, 15th and last day',
      'Alle 2 Monate am 1., 15. und letzten Tag',
    ],
    ['FREQ=MONTHLY;BYMONTHDAY=-3', 'Every month on the 3rd to last day', 'Jeden Monat am 3.-letzten Tag'],
    ['FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=22', 'Every year in January and July on the 22nd', 'Jedes Jahr im Januar und Juli am 22.'],
    ['FREQ=YEARLY;BYDAY=20MO', 'Every year on the 20th Monday of the year', 'Jedes Jahr am 20. Montag des Jahres'],
    [
      'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;WKST=SU',
      'Every year in the 20th week of the year on Monday (weeks start on Sunday)',
      'Jedes Jahr in der 20. Kalenderwoche am Montag (Wochenbeginn: Sonntag)',
    ],
    ['FREQ=YEARLY;BYYEARDAY=1,-1', 'Every year on the 1st and last day of the year', 'Jedes Jahr am 1. und letzten Tag des Jahres'],
    ['FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR', 'Every month on the 13th, if it is a Friday', 'Jeden Monat am 13., wenn es ein Freitag ist'],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'Every month on Monday, Tuesday, Wednesday, Thursday and Friday, the last of these days each month',
      'Jeden Monat am Montag, Dienstag, Mittwoch, Donnerstag und Freitag, jeweils am letzten dieser Tage im Monat',
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20261231T225959Z',
      'Every 2 weeks on Tuesday, until December 31, 2026',
      'Alle 2 Wochen am Dienstag, bis 31. Dezember 2026',
    ],
  ])('%s', (rrule, english, german) => {
    expect(text(rrule, 'en')).toBe(english);
    expect(text(rrule, 'de')).toBe(german);
  });

  it('shows UNTIL as the date in the series zone', () => {
    const rule = parseRRule('FREQ=DAILY;UNTIL=20261231T230000Z', berlin);
    expect(describeRule(rule, berlin, 'en')).toBe('Every day, until January 1, 2027');
    expect(describeRule(rule, zoneByName('America/New_York'), 'en')).toBe('Every day, until December 31, 2026');
  });

  it('has the same phrases with the same placeholders in both languages', () => {
    const shape = (value: unknown): unknown =>
      typeof value === 'string'
        ? [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
        : Array.isArray(value)
          ? value.map(shape)
          : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shape(v)]));
    expect(shape(de)).toEqual(shape(en));
  });
});
