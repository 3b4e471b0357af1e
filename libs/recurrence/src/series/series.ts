import { WallTime } from '@app/common';
import { RecurrenceRule } from '../rule/recurrence-rule';

/** A series' rule with its extra (RDATE) and cancelled (EXDATE) starts, wall times in the series' zone. */
export interface Recurrence {
  rule: RecurrenceRule;
  /** Sorted, without repeats; never before the series' start. */
  rdates: WallTime[];
  /** Sorted, without repeats. An exdate cancels the occurrence that starts at the same instant. */
  exdates: WallTime[];
}

/**
 * Where a series sits: its first occurrence (DTSTART/DTEND, the event's `start_date`/`end_date`)
 * as wall times in `timeZone` (an IANA name, `UTC` or `UTC±h[:mm]`). All-day series start at
 * 00:00:00 and end at 23:59:59 of their days.
 */
export interface SeriesTiming {
  start: WallTime;
  end: WallTime;
  timeZone: string;
  allDay: boolean;
}

export interface Series extends SeriesTiming {
  recurrence: Recurrence;
}

/**
 * One occurrence. `start` is also its identity (the original start, RECURRENCE-ID): `startWall` is
 * that instant's wall time in the series' zone, which differs from the rule's nominal time only
 * where a DST gap moved it forward.
 */
export interface Occurrence {
  start: Date;
  startWall: WallTime;
  end: Date;
  endWall: WallTime;
}
