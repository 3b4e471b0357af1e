import { CalendarEvent } from '@app/domain';
import { fieldsOf, HandledFieldDeclaration } from '@app/posts';

const field = fieldsOf<CalendarEvent>();

/** A schedule field: computed from the event's start or end and zone, shown on a locked event. */
const schedule = (columns: ReadonlyArray<keyof CalendarEvent & string>, writable = false): HandledFieldDeclaration<CalendarEvent> =>
  field.handled(columns, { writable, shownWhenLocked: true });

/**
 * Every field of an event besides those all post kinds share and its title, in the order responses
 * list them (README, Extending a module). A field is hidden on an event the caller cannot open
 * unless it says `shownWhenLocked`: a locked event shows its schedule and flags, nothing else.
 *
 * The website and the flags are the machinery's (body checks and schema, response, write, initial
 * value). The rest is hand-written, each for a reason: dates are read in the event's zone and
 * spread into several keys, cost is parsed, linked records and the series have services of their
 * own, and the series keys are computed by EventPresenter. Events are not deduplicated (only
 * venues and organizers created inline are), and their list filters are hand-written in
 * ListEventsQuery, which EventListPlanner turns into the list's criteria.
 */
export const EVENT_FIELDS = {
  all_day: field.flag('allDay', { shownWhenLocked: true, example: false }),
  start_date: schedule(['startUtc', 'timezone'], true),
  start_date_details: schedule(['startUtc', 'timezone']),
  end_date: schedule(['endUtc', 'timezone'], true),
  end_date_details: schedule(['endUtc', 'timezone']),
  utc_start_date: schedule(['startUtc']),
  utc_start_date_details: schedule(['startUtc']),
  utc_end_date: schedule(['endUtc']),
  utc_end_date_details: schedule(['endUtc']),
  timezone: schedule(['timezone'], true),
  timezone_abbr: schedule(['timezone', 'startUtc']),
  cost: field.handled(['cost'], { writable: true }),
  cost_details: field.handled(['cost']),
  website: field.url('website', { maxLength: 2048, example: 'https://bluenote.example.org/programme/anna-berg-quartet' }),
  show_map: field.flag('showMap', { initial: true, shownWhenLocked: true, example: true }),
  show_map_link: field.flag('showMapLink', { initial: true, shownWhenLocked: true, example: true }),
  hide_from_listings: field.flag('hideFromListings', { shownWhenLocked: true, example: false }),
  sticky: field.flag('sticky', { shownWhenLocked: true, example: false }),
  featured: field.flag('featured', { shownWhenLocked: true, example: true }),
  // Linked records are no columns: a locked event shows none of them (EventPresentation.locked).
  categories: field.handled([], { writable: true }),
  tags: field.handled([], { writable: true }),
  venue: field.handled([], { writable: true }),
  organizer: field.handled([], { writable: true }),
  // Always empty, so there is nothing to hide.
  custom_fields: field.handled([], { shownWhenLocked: true }),
  recurrence: field.handled(['recurrence'], { writable: true }),
  recurring_event_id: field.handled(['recurringEventId']),
  recurrence_id: field.handled(['recurrenceIdUtc']),
  recurrence_id_utc: field.handled(['recurrenceIdUtc']),
  import: field.handled(['importSourceId', 'importUid']),
};

/** Columns no response shows that a locked event keeps: its revision numbers its feed entry's changes (SEQUENCE). */
export const EVENT_INTERNAL_SHOWN_WHEN_LOCKED: ReadonlyArray<keyof CalendarEvent> = ['revision'];
