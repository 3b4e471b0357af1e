import { ImportCalendar, ImportOptions, readImportFile } from '../src/mapping/map-calendar';
import { ImportItem } from '../src/mapping/import-item';

/** Reads a fixture that must be readable as a whole. */
export function readFixture(file: Buffer | string, options: ImportOptions = {}): ImportCalendar {
  const result = readImportFile(file, options);
  if (!result.ok) throw new Error(`Fixture refused: ${result.problem.code} at line ${result.problem.params.line}`);
  return result.calendar;
}

/** The item of a UID (and RECURRENCE-ID wall time, for an exception). */
export function itemOf(calendar: ImportCalendar, uid: string, recurrenceWall?: string): ImportItem {
  const item = calendar.items.find(
    (candidate) =>
      candidate.uid === uid &&
      (recurrenceWall === undefined
        ? candidate.recurrenceId === null
        : candidate.recurrenceId !== null && shown(candidate.recurrenceId) === recurrenceWall),
  );
  if (!item) throw new Error(`No item ${uid} ${recurrenceWall ?? ''}`);
  return item;
}

/** A time as the tests write it: the day, or the wall time in the item's zone. */
export function shown(time: ImportItem['start']): string {
  return time.type === 'date' ? time.date : time.wall;
}

/** A time's instant in ISO form (UTC), for asserting the instant behind a wall time. */
export function utcOf(time: ImportItem['start']): string {
  if (time.type === 'date') throw new Error(`${time.date} is a date`);
  return time.instant.toISOString();
}
