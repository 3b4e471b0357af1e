import { naiveMillis, WallTime } from '@app/common/dates/wall-time';
import { Component } from '../reader/read-calendar';
import { Property } from '../reader/property';
import { dateListValues, parseDateValue, parseUtcOffset } from '../values/date-values';
import { parseYearlyRule, YearlyRule, yearlyOnsets } from './yearly-onsets';

/** A moment the zone's offset changes, and the offset (minutes east of UTC) and name from then on. */
interface Transition {
  at: number;
  offset: number;
  name: string | null;
}

interface Observance {
  start: WallTime;
  offsetFrom: number;
  offsetTo: number;
  name: string | null;
  rule: YearlyRule | null;
}

const MINUTE_MS = 60_000;
/** A bounded rule (UNTIL or COUNT) is expanded in full, but never past this many onsets. */
const MAX_BOUNDED_ONSETS = 1000;

/**
 * The offsets a VTIMEZONE defines, from its STANDARD and DAYLIGHT observances: each starts at its
 * DTSTART and again at every RDATE and every onset of its yearly RRULE, all local times read in
 * the observance's TZOFFSETFROM. Before the first onset the zone has the first one's TZOFFSETFROM.
 * Observances it cannot read (no DTSTART, a bad offset, a rule that is not yearly) are left out.
 */
export class VTimezoneRules {
  private readonly fixed: Transition[];
  private readonly endless: Observance[];
  /** The observance with the earliest onset: its TZOFFSETFROM is the offset before any onset. */
  private readonly earliest: Observance;
  private readonly byYear = new Map<number, Transition[]>();

  private constructor(observances: Observance[]) {
    const fixed: Transition[] = [];
    for (const observance of observances) {
      fixed.push(onsetTransition(observance, observance.start));
      if (observance.rule && (observance.rule.until || observance.rule.count)) fixed.push(...boundedOnsets(observance, observance.rule));
    }
    this.fixed = fixed.sort((a, b) => a.at - b.at);
    this.endless = observances.filter((observance) => observance.rule && !observance.rule.until && !observance.rule.count);
    this.earliest = observances.reduce((first, observance) =>
      onsetAt(observance, observance.start) < onsetAt(first, first.start) ? observance : first,
    );
  }

  /** Null when the component has no observance that can be read. */
  static fromComponent(component: Component): VTimezoneRules | null {
    const observances = component.components
      .filter((child) => child.name === 'STANDARD' || child.name === 'DAYLIGHT')
      .flatMap(readObservances);
    return observances.length > 0 ? new VTimezoneRules(observances) : null;
  }

  offsetAt(ms: number): number {
    return this.transitionAt(ms)?.offset ?? this.earliest.offsetFrom;
  }

  nameAt(ms: number): string | null {
    const transition = this.transitionAt(ms);
    return transition ? transition.name : null;
  }

  /** Every change of offset between two instants (for comparing the zone with IANA zones). */
  transitionsBetween(from: number, to: number): Transition[] {
    const seen: Transition[] = [];
    const firstYear = new Date(from).getUTCFullYear();
    const lastYear = new Date(to).getUTCFullYear();
    for (let year = firstYear; year <= lastYear; year++) {
      for (const transition of this.transitionsAround(year)) {
        if (transition.at >= from && transition.at <= to && !seen.some((known) => known.at === transition.at)) seen.push(transition);
      }
    }
    return seen.sort((a, b) => a.at - b.at);
  }

  private transitionAt(ms: number): Transition | undefined {
    const transitions = this.transitionsAround(new Date(ms).getUTCFullYear());
    let low = 0;
    let high = transitions.length - 1;
    let found: Transition | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (transitions[middle].at <= ms) {
        found = transitions[middle];
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /** The fixed transitions plus the endless rules' onsets near `year`: enough to find the one in force. */
  private transitionsAround(year: number): Transition[] {
    let transitions = this.byYear.get(year);
    if (!transitions) {
      const near: Transition[] = [];
      for (const observance of this.endless) {
        const rule = observance.rule!;
        const startOnset = onsetAt(observance, observance.start);
        for (let candidate = year - rule.interval - 1; candidate <= year + 1; candidate++) {
          for (const wall of yearlyOnsets(rule, observance.start, candidate)) {
            if (onsetAt(observance, wall) > startOnset) near.push(onsetTransition(observance, wall));
          }
        }
      }
      transitions = [...this.fixed, ...near].sort((a, b) => a.at - b.at);
      if (this.byYear.size > 200) this.byYear.clear();
      this.byYear.set(year, transitions);
    }
    return transitions;
  }
}

/** The observance as written, plus one rule-less copy per RDATE value, so every onset is a transition of its own. */
function readObservances(component: Component): Observance[] {
  const property = (name: string): Property | undefined => component.properties.find((candidate) => candidate.name === name);
  const start = parseDateValue(property('DTSTART')?.value ?? '');
  const offsetFrom = parseUtcOffset(property('TZOFFSETFROM')?.value ?? '');
  const offsetTo = parseUtcOffset(property('TZOFFSETTO')?.value ?? '');
  if (!start || offsetFrom === null || offsetTo === null) return [];
  const startWall = start.type === 'date' ? start.date : start.wall;
  const rrule = property('RRULE');
  const rule = rrule ? parseYearlyRule(rrule.value) : null;
  if (rrule && !rule) return [];
  const observance: Observance = { start: startWall, offsetFrom, offsetTo, name: property('TZNAME')?.value.trim() || null, rule };
  const rdates = component.properties
    .filter((property) => property.name === 'RDATE')
    .flatMap((property) => dateListValues(property.value))
    .map(parseDateValue)
    .filter((value) => value !== null)
    .map((value) => ({ ...observance, start: value.type === 'date' ? value.date : value.wall, rule: null }));
  return [observance, ...rdates];
}

function onsetAt(observance: Observance, wall: WallTime): number {
  return naiveMillis(wall) - observance.offsetFrom * MINUTE_MS;
}

function onsetTransition(observance: Observance, wall: WallTime): Transition {
  return { at: onsetAt(observance, wall), offset: observance.offsetTo, name: observance.name };
}

function boundedOnsets(observance: Observance, rule: YearlyRule): Transition[] {
  const transitions: Transition[] = [];
  const startOnset = onsetAt(observance, observance.start);
  const untilMs = rule.until ? naiveMillis(rule.until.wall) - (rule.until.utc ? 0 : observance.offsetFrom * MINUTE_MS) : Infinity;
  const lastYear = rule.until ? rule.until.wall.year : observance.start.year + MAX_BOUNDED_ONSETS;
  let counted = 1;
  for (let year = observance.start.year; year <= lastYear && transitions.length < MAX_BOUNDED_ONSETS; year++) {
    for (const wall of yearlyOnsets(rule, observance.start, year)) {
      const at = onsetAt(observance, wall);
      if (at <= startOnset) continue;
      if (at > untilMs || (rule.count !== null && counted >= rule.count)) return transitions;
      transitions.push({ at, offset: observance.offsetTo, name: observance.name });
      counted++;
    }
  }
  return transitions;
}
