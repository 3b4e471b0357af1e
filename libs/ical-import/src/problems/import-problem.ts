/** Why a whole file cannot be read. Every one names the line (`params.line`). */
export const FILE_PROBLEMS = [
  'ical_empty',
  'ical_not_calendar',
  'ical_malformed_line',
  'ical_unexpected_end',
  'ical_unterminated_component',
  'ical_too_deep',
] as const;

/** Why one VEVENT is left out while the rest of the file is read. */
export const EVENT_PROBLEMS = [
  'event_malformed_line',
  'event_missing_uid',
  'event_missing_start',
  'event_invalid_start',
  'event_invalid_end',
  'event_invalid_duration',
  'event_end_before_start',
  'event_invalid_recurrence_id',
  'event_duplicate',
  // Found by the importer, which maps items onto events:
  'event_orphan_exception',
  'event_not_an_occurrence',
  'event_cancelled',
  'event_rejected',
  'event_this_and_future',
  'event_extra_rrule',
] as const;

/** Why a URL source could not be fetched. */
export const FETCH_PROBLEMS = [
  'fetch_invalid_url',
  'fetch_scheme_refused',
  'fetch_host_not_found',
  'fetch_address_refused',
  'fetch_too_many_redirects',
  'fetch_redirect_invalid',
  'fetch_too_large',
  'fetch_timeout',
  'fetch_http_status',
  'fetch_not_calendar',
  'fetch_network_error',
] as const;

export type FileProblemCode = (typeof FILE_PROBLEMS)[number];
export type EventProblemCode = (typeof EVENT_PROBLEMS)[number];
export type FetchProblemCode = (typeof FETCH_PROBLEMS)[number];
export type ImportProblemCode = FileProblemCode | EventProblemCode | FetchProblemCode;

/** Values a message may show; which ones a code uses is listed beside its texts in problem-messages. */
export type ProblemParams = Record<string, string | number>;

/** A problem as data: a stable code (also the message key) and the values its message shows. */
export interface ImportProblem<Code extends ImportProblemCode = ImportProblemCode> {
  code: Code;
  params: ProblemParams;
}

/** A file that cannot be read as a whole. */
export interface FileProblem extends ImportProblem<FileProblemCode> {
  params: { line: number } & ProblemParams;
}

/**
 * A VEVENT left out: its UID (null when it has none), the line of its `BEGIN:VEVENT` or of the
 * property at fault, and why (`reason` is an event problem code).
 */
export interface SkippedEvent {
  uid: string | null;
  line: number;
  reason: EventProblemCode;
  /** The property at fault, when there is one (`DTEND`, `DURATION`...). */
  property?: string;
}
