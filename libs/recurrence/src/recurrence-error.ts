import { ApiError, Errors } from '@app/common';

/** The request field every recurrence error names (`data.params.recurrence`). */
const RECURRENCE_FIELD = 'recurrence';

/**
 * Why a recurrence was refused. Each has its text under `validation.recurrence<Reason>` in the
 * service's translations (English and German); the arguments fill its placeholders.
 */
export type RecurrenceReason =
  | 'notAnObject'
  | 'rruleMissing'
  | 'syntax'
  | 'unknownPart'
  | 'unsupportedPart'
  | 'repeatedPart'
  | 'frequencyMissing'
  | 'unsupportedFrequency'
  | 'badValue'
  | 'countWithUntil'
  | 'partNotWithFrequency'
  | 'ordinalNotWithFrequency'
  | 'setPosAlone'
  | 'unsupportedCombination'
  | 'noOccurrence'
  | 'tooManyOccurrences'
  | 'dateList'
  | 'date'
  | 'rdateBeforeStart'
  | 'tooManyDates'
  | 'notAnOccurrence'
  | 'splitAtExtraDate';

/** Every reason, for the test that checks both languages translate each one. */
export const RECURRENCE_REASONS: readonly RecurrenceReason[] = [
  'notAnObject',
  'rruleMissing',
  'syntax',
  'unknownPart',
  'unsupportedPart',
  'repeatedPart',
  'frequencyMissing',
  'unsupportedFrequency',
  'badValue',
  'countWithUntil',
  'partNotWithFrequency',
  'ordinalNotWithFrequency',
  'setPosAlone',
  'unsupportedCombination',
  'noOccurrence',
  'tooManyOccurrences',
  'dateList',
  'date',
  'rdateBeforeStart',
  'tooManyDates',
  'notAnOccurrence',
  'splitAtExtraDate',
];

/**
 * A 400 `rest_invalid_param` naming `recurrence` with the reason, as every other field error is
 * reported; `FieldErrors.check` records it beside the request's other bad fields.
 */
export function recurrenceError(reason: RecurrenceReason, args?: Record<string, unknown>): ApiError {
  return Errors.invalidParam(RECURRENCE_FIELD, recurrenceReasonKey(reason), args);
}

/** `noOccurrence` → `validation.recurrenceNoOccurrence`. */
export function recurrenceReasonKey(reason: RecurrenceReason): string {
  return `validation.recurrence${reason[0].toUpperCase()}${reason.slice(1)}`;
}
