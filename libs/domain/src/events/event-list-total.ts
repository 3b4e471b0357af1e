import { ALL_LISTED_SCOPE } from './event-tally';
import { EventListCriteria } from './event-list-criteria';

const DAY_MS = 86_400_000;

/**
 * The day-count scope a list's total can be read from (TermCountsRepository keeps them), or
 * undefined when it must be counted: published events only, a closed window (start and end), and
 * no filter but at most one term; a term filter only for anonymous callers, whose term filters
 * leave out every password-protected event (as the term's day counts do).
 */
export function talliedScope(criteria: EventListCriteria): number | undefined {
  const { window } = criteria;
  if (criteria.statuses.length !== 1 || criteria.statuses[0] !== 'publish') return undefined;
  if (criteria.include?.length || (criteria.search !== undefined && criteria.search.trim() !== '')) return undefined;
  if (criteria.venueIds || criteria.organizerIds || criteria.featured !== undefined || criteria.geoloc !== undefined) return undefined;
  if (criteria.near || criteria.postParentId !== undefined || criteria.ticketed === true) return undefined;
  if (criteria.recurringEventId !== undefined || criteria.expand === false) return undefined;
  if (!window.start || !window.end || window.startsBefore || window.startsAfter || window.endsBefore || window.endsAfter) return undefined;
  const termIds = [...(criteria.categoryIds ?? []), ...(criteria.tagIds ?? [])];
  if (termIds.length === 0) return ALL_LISTED_SCOPE;
  return termIds.length === 1 && criteria.viewer === undefined ? termIds[0] : undefined;
}

/** The whole UTC days within [start, end]: from `first` (included) to `end` (excluded), as dates. */
export function wholeDays(start: Date, end: Date): { first: Date; after: Date } | undefined {
  const first = new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
  // Instants are stored in whole seconds: a start <= end is a start < end + 1 s.
  const after = new Date(Math.floor((end.getTime() + 1000) / DAY_MS) * DAY_MS);
  return first.getTime() < after.getTime() ? { first, after } : undefined;
}
