import { Language } from '@app/common/i18n/language';
import { RefusedRange } from '../fetch/address-ranges';
import { ImportProblemCode, ProblemParams, SkippedEvent } from './import-problem';

type Messages = Record<ImportProblemCode, string>;

/**
 * The texts of every problem code, with `{name}` placeholders for the problem's params (the same
 * syntax as the service's translation files, so they can be merged into them as they are).
 */
export const PROBLEM_MESSAGES: Record<Language, Messages> = {
  en: {
    ical_empty: 'The calendar file is empty.',
    ical_not_calendar: 'Line {line}: the file is not an iCalendar file (it must start with BEGIN:VCALENDAR).',
    ical_malformed_line: 'Line {line}: this line is not a valid iCalendar property.',
    ical_unexpected_end: 'Line {line}: this END does not close the block that is open.',
    ical_unterminated_component: 'Line {line}: the block that starts here is never closed (is the file cut short?).',
    ical_too_deep: 'Line {line}: blocks are nested too deeply.',
    event_malformed_line: 'Line {line}: this line of the event is not a valid iCalendar property.',
    event_missing_uid: 'Line {line}: the event has no UID.',
    event_missing_start: 'Line {line}: the event has no start (DTSTART).',
    event_invalid_start: 'Line {line}: the event start (DTSTART) is not a valid date.',
    event_invalid_end: 'Line {line}: the event end (DTEND) is not a valid date.',
    event_invalid_duration: 'Line {line}: the event duration (DURATION) is not valid.',
    event_end_before_start: 'Line {line}: the event ends before it starts.',
    event_invalid_recurrence_id: 'Line {line}: RECURRENCE-ID is not a valid date.',
    event_duplicate: 'Line {line}: another event in the file has the same UID (and RECURRENCE-ID); the newer one is used.',
    event_orphan_exception: 'Line {line}: this change of an occurrence (RECURRENCE-ID) has no series with its UID in the file.',
    event_not_an_occurrence: 'Line {line}: the series has no occurrence at this RECURRENCE-ID (or it lies beyond the horizon).',
    event_cancelled: 'Line {line}: the event is cancelled (STATUS:CANCELLED) and was not imported.',
    event_rejected: 'Line {line}: the event was refused: {fields}.',
    event_this_and_future:
      'Line {line}: this change applies to this and all following occurrences (RANGE=THISANDFUTURE), which is not imported; the series keeps its occurrences as they were.',
    event_extra_rrule: 'Line {line}: the event has more than one RRULE; only the first was imported, the others were left out.',
    fetch_invalid_url: 'The address is not a valid URL.',
    fetch_scheme_refused: 'Only http and https addresses can be fetched (not {scheme}).',
    fetch_host_not_found: 'The host {host} could not be found.',
    fetch_address_refused: 'The host {host} resolves to {address}, an address in the {range} range, which is not fetched.',
    fetch_too_many_redirects: 'The address redirects more than {max} times.',
    fetch_redirect_invalid: 'The host {host} answered with a redirect that has no valid target.',
    fetch_too_large: 'The calendar is larger than the limit of {maxBytes} bytes.',
    fetch_timeout: 'The calendar could not be fetched within {seconds} seconds.',
    fetch_http_status: 'The host {host} answered with HTTP status {status}.',
    fetch_not_calendar: 'The host {host} did not answer with a calendar (content type "{contentType}").',
    fetch_network_error: 'The calendar could not be fetched ({detail}).',
  },
  de: {
    ical_empty: 'Die Kalenderdatei ist leer.',
    ical_not_calendar: 'Zeile {line}: Die Datei ist keine iCalendar-Datei (sie muss mit BEGIN:VCALENDAR beginnen).',
    ical_malformed_line: 'Zeile {line}: Diese Zeile ist keine gültige iCalendar-Eigenschaft.',
    ical_unexpected_end: 'Zeile {line}: Dieses END schließt nicht den Block, der offen ist.',
    ical_unterminated_component: 'Zeile {line}: Der hier beginnende Block wird nie geschlossen (ist die Datei abgeschnitten?).',
    ical_too_deep: 'Zeile {line}: Die Blöcke sind zu tief verschachtelt.',
    event_malformed_line: 'Zeile {line}: Diese Zeile der Veranstaltung ist keine gültige iCalendar-Eigenschaft.',
    event_missing_uid: 'Zeile {line}: Die Veranstaltung hat keine UID.',
    event_missing_start: 'Zeile {line}: Die Veranstaltung hat keinen Beginn (DTSTART).',
    event_invalid_start: 'Zeile {line}: Der Beginn der Veranstaltung (DTSTART) ist kein gültiges Datum.',
    event_invalid_end: 'Zeile {line}: Das Ende der Veranstaltung (DTEND) ist kein gültiges Datum.',
    event_invalid_duration: 'Zeile {line}: Die Dauer der Veranstaltung (DURATION) ist ungültig.',
    event_end_before_start: 'Zeile {line}: Die Veranstaltung endet, bevor sie beginnt.',
    event_invalid_recurrence_id: 'Zeile {line}: RECURRENCE-ID ist kein gültiges Datum.',
    event_duplicate: 'Zeile {line}: Eine andere Veranstaltung der Datei hat dieselbe UID (und RECURRENCE-ID); die neuere wird verwendet.',
    event_orphan_exception: 'Zeile {line}: Diese Änderung eines Termins (RECURRENCE-ID) hat keine Serie mit ihrer UID in der Datei.',
    event_not_an_occurrence: 'Zeile {line}: Die Serie hat keinen Termin zu dieser RECURRENCE-ID (oder er liegt hinter dem Horizont).',
    event_cancelled: 'Zeile {line}: Die Veranstaltung ist abgesagt (STATUS:CANCELLED) und wurde nicht importiert.',
    event_rejected: 'Zeile {line}: Die Veranstaltung wurde abgelehnt: {fields}.',
    event_this_and_future:
      'Zeile {line}: Diese Änderung gilt für diesen und alle folgenden Termine (RANGE=THISANDFUTURE), was nicht importiert wird; die Serie behält ihre Termine, wie sie waren.',
    event_extra_rrule:
      'Zeile {line}: Die Veranstaltung hat mehr als eine RRULE; nur die erste wurde importiert, die anderen wurden weggelassen.',
    fetch_invalid_url: 'Die Adresse ist keine gültige URL.',
    fetch_scheme_refused: 'Nur http- und https-Adressen können abgerufen werden (nicht {scheme}).',
    fetch_host_not_found: 'Der Host {host} wurde nicht gefunden.',
    fetch_address_refused: 'Der Host {host} verweist auf {address}, eine Adresse aus einem {range}, die nicht abgerufen wird.',
    fetch_too_many_redirects: 'Die Adresse leitet mehr als {max}-mal weiter.',
    fetch_redirect_invalid: 'Der Host {host} hat mit einer Weiterleitung ohne gültiges Ziel geantwortet.',
    fetch_too_large: 'Der Kalender ist größer als die Grenze von {maxBytes} Bytes.',
    fetch_timeout: 'Der Kalender konnte nicht innerhalb von {seconds} Sekunden abgerufen werden.',
    fetch_http_status: 'Der Host {host} hat mit dem HTTP-Status {status} geantwortet.',
    fetch_not_calendar: 'Der Host {host} hat nicht mit einem Kalender geantwortet (Inhaltstyp „{contentType}“).',
    fetch_network_error: 'Der Kalender konnte nicht abgerufen werden ({detail}).',
  },
};

/** The address ranges a fetch refuses, as `{range}` shows them. */
const RANGE_NAMES: Record<Language, Record<RefusedRange, string>> = {
  en: {
    unspecified: 'unspecified',
    loopback: 'loopback',
    private: 'private',
    shared: 'shared (carrier-grade NAT)',
    'link-local': 'link-local',
    'unique-local': 'unique-local',
    'site-local': 'site-local',
    multicast: 'multicast',
    reserved: 'reserved',
    documentation: 'documentation',
  },
  de: {
    unspecified: 'unspezifizierten Bereich',
    loopback: 'Loopback-Bereich',
    private: 'privaten Bereich',
    shared: 'gemeinsam genutzten Bereich (Carrier-Grade-NAT)',
    'link-local': 'Link-Local-Bereich',
    'unique-local': 'Unique-Local-Bereich',
    'site-local': 'Site-Local-Bereich',
    multicast: 'Multicast-Bereich',
    reserved: 'reservierten Bereich',
    documentation: 'Dokumentationsbereich',
  },
};

/** A problem as text in a language; a placeholder without a value stays as written. */
export function describeProblem(problem: { code: ImportProblemCode; params: ProblemParams }, language: Language): string {
  const params = { ...problem.params };
  if (problem.code === 'fetch_address_refused') params.range = RANGE_NAMES[language][params.range as RefusedRange] ?? params.range;
  return PROBLEM_MESSAGES[language][problem.code].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** A skipped event's reason as text (it names the line). */
export function describeSkippedEvent(skipped: SkippedEvent, language: Language): string {
  return describeProblem({ code: skipped.reason, params: { line: skipped.line } }, language);
}
