import { Language } from '@app/common';
import type { Frequency, Weekday } from '../rule/recurrence-rule';
import de from './phrases/de.json';
import en from './phrases/en.json';

/** The words a rule is described with in one language (text/phrases/<language>.json). */
export interface Phrases {
  every: Record<Frequency, string>;
  everyN: Record<Frequency, string>;
  weekdays: Record<Weekday, string>;
  months: string[];
  /** Weekday ordinals in words: first…fifth, last, second-to-last. */
  ordinalWords: Record<string, string>;
  /** Numeric ordinals by Intl.PluralRules' ordinal category: 1st, 2nd, 3rd, 4th / 1., 2. */
  ordinalNumber: Record<'one' | 'two' | 'few' | 'other', string>;
  last: string;
  fromEnd: string;
  and: string;
  or: string;
  inMonths: string;
  inWeeks: string;
  onYearDays: string;
  onMonthDays: string;
  monthDayFromEnd: string;
  onWeekdays: string;
  weekdayOrdinal: string;
  ofTheYear: string;
  ifWeekday: string;
  setPos: Record<Frequency, string>;
  once: string;
  times: string;
  until: string;
  date: string;
  weekStart: string;
}

export const PHRASES: Record<Language, Phrases> = { en, de };

/** `{name}` placeholders replaced by their values. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `A`, `A and B`, `A, B and C` (no comma before the last word, in either language). */
export function joinList(items: string[], word: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}
