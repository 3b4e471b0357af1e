import { ImportProblem, ImportProblemCode } from '@app/ical-import';
import { ParamReason } from '@app/common';
import { createHash } from 'node:crypto';

/** One VEVENT (or UID) a run left out, and why. */
interface SkippedEntry {
  uid: string | null;
  line: number;
  /** A problem code (libs/ical-import), or `event_rejected` with the fields the event rules refused. */
  reason: ImportProblemCode | 'event_rejected';
  /** `event_rejected`: every refused field and its reason, as an API error's `data.params` names them. */
  fields?: Record<string, ParamReason>;
}

/** An event written by hand since its import: where the source won, or where the hand edit was kept. */
export interface EditedEntry {
  uid: string;
  id: number;
  /** The occurrence an exception changes (its original start as the file writes it), or null for the event itself. */
  recurrence_id: string | null;
}

/**
 * What one run did, counted per UID (an event, or a series with its exceptions):
 * - `created`, `updated`, `unchanged`: written anew, rewritten, or left as they were (no write);
 * - `removed`: UIDs no longer in the source or cancelled as a whole (trashed, unless `on_removed`
 *   is `keep`, when they are only counted);
 * - `skipped`: VEVENTs left out (unreadable, an exception whose occurrence the series does not have,
 *   refused by the event rules);
 * - `overridden`: events edited by hand that the source changed again (its SEQUENCE or
 *   LAST-MODIFIED moved): the source won; `kept`: events edited by hand whose source did not
 *   move: the hand edit stays (counted as unchanged).
 */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  skipped: SkippedEntry[];
  overridden: EditedEntry[];
  kept: EditedEntry[];
}

export function emptyReport(): ImportReport {
  return { created: 0, updated: 0, unchanged: 0, removed: 0, skipped: [], overridden: [], kept: [] };
}

/** A run that could not read its calendar at all: nothing was written. */
export class ImportRunFailed extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.code);
  }
}

/** The unique key of an imported row in its source: a hash of the UID and RECURRENCE-ID ('' for the event itself). */
export function importKeyOf(uid: string, recurrenceId: string | null): string {
  return createHash('sha256')
    .update(`${uid}\n${recurrenceId ?? ''}`)
    .digest('hex');
}

/** A hash of several fingerprints (a series with its cancelled occurrences and the source's additions). */
export function combinedFingerprint(parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}
