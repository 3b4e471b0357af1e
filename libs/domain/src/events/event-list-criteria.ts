import { PostListCriteria } from '../posts/post-records.repository';

/** The date window a list uses after defaults and whole-day widening (docs/api-rules.md, Lists). */
export interface DateWindow {
  start?: Date;
  end?: Date;
  startsBefore?: Date;
  startsAfter?: Date;
  endsBefore?: Date;
  endsAfter?: Date;
}

/** A point and a radius in km: events whose venue lies within it, nearest first. */
interface GeoCircle {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** An event list's filters once validated and resolved to IDs (docs/api-rules.md, Lists). */
export interface EventListCriteria extends PostListCriteria {
  /** Only these events; the window and `hide_from_listings` are then ignored. */
  include?: number[];
  window: DateWindow;
  categoryIds?: number[];
  tagIds?: number[];
  venueIds?: number[];
  organizerIds?: number[];
  featured?: boolean;
  /** true: only events whose venue has coordinates; false: only events without. */
  geoloc?: boolean;
  near?: GeoCircle;
  postParentId?: number;
  /** Only the occurrences of this series. */
  recurringEventId?: number;
  /** false: each series once, in place of its matching occurrences. */
  expand?: boolean;
  /** No tickets are sold here: `true` matches nothing. */
  ticketed?: boolean;
}

/** How a venue or organizer list narrows itself by linked events (docs/api-rules.md, Lists). */
export interface LinkedEventCriteria {
  eventId?: number;
  hasEvents?: boolean;
  onlyWithUpcoming?: boolean;
}
