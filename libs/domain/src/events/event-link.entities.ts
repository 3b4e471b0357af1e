import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Event ↔ category/tag. Terms of both taxonomies share the table; the term row says which. */
@Entity('event_terms')
// term_id first, event_id included: per-term event counts read only the index.
@Index('IDX_event_terms_term_event', ['termId', 'eventId'])
export class EventTerm {
  @PrimaryColumn({ name: 'event_id', type: 'integer' })
  eventId: number;

  @PrimaryColumn({ name: 'term_id', type: 'integer' })
  termId: number;
}

/** An event's link to a venue or organizer: both keep the order the client gave. */
abstract class OrderedEventLink {
  @PrimaryColumn({ name: 'event_id', type: 'integer' })
  eventId: number;

  @Column({ type: 'integer' })
  position: number;
}

/** Event ↔ venue, in the order the client gave. */
@Entity('event_venues')
@Index('IDX_event_venues_venue', ['venueId'])
export class EventVenue extends OrderedEventLink {
  @PrimaryColumn({ name: 'venue_id', type: 'integer' })
  venueId: number;
}

/** Event ↔ organizer, in the order the client gave. */
@Entity('event_organizers')
@Index('IDX_event_organizers_organizer', ['organizerId'])
export class EventOrganizer extends OrderedEventLink {
  @PrimaryColumn({ name: 'organizer_id', type: 'integer' })
  organizerId: number;
}
