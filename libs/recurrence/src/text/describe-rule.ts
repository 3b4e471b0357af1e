import { Language } from '@app/common';
import { Zone } from 'luxon';
import { RecurrenceRule, WeekdayEntry } from '../rule/recurrence-rule';
import { wallTimeAt } from '../series/naive-wall-time';
import { fill, joinList, Phrases, PHRASES } from './phrases';

const pluralRules = new Map<Language, Intl.PluralRules>();

function ordinalCategory(language: Language, n: number): 'one' | 'two' | 'few' | 'other' {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language, { type: 'ordinal' });
    pluralRules.set(language, rules);
  }
  const category = rules.select(n);
  return category === 'one' || category === 'two' || category === 'few' ? category : 'other';
}

/** 1st, 15th, last, 2nd to last (1., 15., letzten, 2.-letzten): day, week and set positions. */
function numberOrdinal(phrases: Phrases, language: Language, n: number): string {
  if (n === -1) return phrases.last;
  const nth = fill(phrases.ordinalNumber[ordinalCategory(language, Math.abs(n))], { n: Math.abs(n) });
  return n > 0 ? nth : fill(phrases.fromEnd, { nth });
}

/** first…fifth, last, second-to-last in words, else as numberOrdinal: weekday and set positions. */
function wordOrdinal(phrases: Phrases, language: Language, n: number): string {
  return phrases.ordinalWords[String(n)] ?? numberOrdinal(phrases, language, n);
}

class RuleDescriber {
  constructor(
    private readonly rule: RecurrenceRule,
    private readonly phrases: Phrases,
    private readonly language: Language,
  ) {}

  private and(items: string[]): string {
    return joinList(items, this.phrases.and);
  }

  private frequency(): string {
    const { freq, interval } = this.rule;
    return interval === 1 ? this.phrases.every[freq] : fill(this.phrases.everyN[freq], { n: interval });
  }

  private months(): string | undefined {
    const months = this.rule.byMonth;
    return months && fill(this.phrases.inMonths, { list: this.and(months.map((month) => this.phrases.months[month - 1])) });
  }

  private weeks(): string | undefined {
    const weeks = this.rule.byWeekNo;
    return weeks && fill(this.phrases.inWeeks, { list: this.and(weeks.map((n) => numberOrdinal(this.phrases, this.language, n))) });
  }

  private yearDays(): string | undefined {
    const days = this.rule.byYearDay;
    return days && fill(this.phrases.onYearDays, { list: this.and(days.map((n) => numberOrdinal(this.phrases, this.language, n))) });
  }

  private monthDays(): string | undefined {
    const days = this.rule.byMonthDay;
    if (!days) return undefined;
    const items = days.map((n) => {
      const nth = numberOrdinal(this.phrases, this.language, n);
      return n > 0 ? nth : fill(this.phrases.monthDayFromEnd, { nth });
    });
    return fill(this.phrases.onMonthDays, { list: this.and(items) });
  }

  /** A single plain weekday picked by one BYSETPOS in a month reads as "the first Saturday". */
  private weekdayEntries(): { entries: WeekdayEntry[]; setPosFolded: boolean } {
    const { byDay, bySetPos, freq } = this.rule;
    const only = byDay?.length === 1 && byDay[0].ordinal === undefined ? byDay[0] : undefined;
    const otherParts = this.rule.byMonthDay ?? this.rule.byYearDay ?? this.rule.byWeekNo ?? this.rule.byMonth;
    if (freq === 'MONTHLY' && only && bySetPos?.length === 1 && !otherParts) {
      return { entries: [{ weekday: only.weekday, ordinal: bySetPos[0] }], setPosFolded: true };
    }
    return { entries: byDay ?? [], setPosFolded: false };
  }

  private weekday(entry: WeekdayEntry): string {
    const weekday = this.phrases.weekdays[entry.weekday];
    if (entry.ordinal === undefined) return weekday;
    return fill(this.phrases.weekdayOrdinal, { nth: wordOrdinal(this.phrases, this.language, entry.ordinal), weekday });
  }

  private weekdays(entries: WeekdayEntry[]): string | undefined {
    if (entries.length === 0) return undefined;
    const dayParts = this.rule.byMonthDay ?? this.rule.byYearDay;
    // With days of the month or year, weekdays narrow those days down ("the 13th, if it is a Friday").
    if (dayParts)
      return fill(this.phrases.ifWeekday, {
        list: joinList(
          entries.map((e) => this.weekday(e)),
          this.phrases.or,
        ),
      });
    const phrase = fill(this.phrases.onWeekdays, { list: this.and(entries.map((e) => this.weekday(e))) });
    const withinYear = this.rule.freq === 'YEARLY' && !this.rule.byMonth && !this.rule.byWeekNo;
    return withinYear && entries.some((e) => e.ordinal !== undefined) ? fill(this.phrases.ofTheYear, { phrase }) : phrase;
  }

  private setPositions(folded: boolean): string | undefined {
    const positions = this.rule.bySetPos;
    if (!positions || folded) return undefined;
    const list = this.and(positions.map((n) => wordOrdinal(this.phrases, this.language, n)));
    return fill(this.phrases.setPos[this.rule.freq], { list });
  }

  private end(zone: Zone): string | undefined {
    const { count, until } = this.rule;
    if (count !== undefined) return count === 1 ? this.phrases.once : fill(this.phrases.times, { n: count });
    if (!until) return undefined;
    const { year, month, day } = wallTimeAt(until, zone);
    return fill(this.phrases.until, { date: fill(this.phrases.date, { year, month: this.phrases.months[month - 1], day }) });
  }

  describe(zone: Zone): string {
    const { entries, setPosFolded } = this.weekdayEntries();
    const weekdays = this.weekdays(entries);
    // Weekdays that narrow days of the month or year down are a clause of their own ("…, if it is a Friday").
    const narrowing = this.rule.byMonthDay ?? this.rule.byYearDay;
    const selection = [this.months(), this.weeks(), this.yearDays(), this.monthDays(), narrowing ? undefined : weekdays];
    const head = [this.frequency(), ...selection].filter((part): part is string => part !== undefined).join(' ');
    const clauses = [head, narrowing ? weekdays : undefined, this.setPositions(setPosFolded), this.end(zone)].filter(
      (part): part is string => part !== undefined,
    );
    const weekStart =
      this.rule.wkst && this.rule.wkst !== 'MO'
        ? fill(this.phrases.weekStart, { weekday: this.phrases.weekdays[this.rule.wkst] })
        : undefined;
    return [clauses.join(', '), weekStart].filter((part) => part !== undefined).join(' ');
  }
}

/**
 * The rule in words, in English or German: "Every week on Monday and Wednesday, 10 times" / "Jede
 * Woche am Montag und Mittwoch, 10-mal". UNTIL is shown as the date it falls on in the series' zone.
 */
export function describeRule(rule: RecurrenceRule, zone: Zone, language: Language): string {
  return new RuleDescriber(rule, PHRASES[language], language).describe(zone);
}
