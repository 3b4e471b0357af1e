import type { LinkedRecordListCriteria } from './linked-records.repository';

type Unfiltered = { [K in keyof Required<LinkedRecordListCriteria>]: (value: LinkedRecordListCriteria[K]) => boolean };

/**
 * Per criterion of a venue or organizer list, whether its value leaves the list at every record a
 * stranger may read. Every key of the criteria must be here (a new filter fails to compile until it
 * is decided), and a key the type does not know must be absent (listsEveryPublished).
 */
const UNFILTERED: Unfiltered = {
  // With `publish` as the only status, whereVisible is publishedCondition for every viewer: an
  // editor's reach adds nothing to it, a signed-in author's "or their own" only records it
  // already keeps.
  viewer: () => true,
  now: () => true,
  statuses: (statuses) => statuses.length > 0 && statuses.every((status) => status === 'publish'),
  // As filterQuery reads them: a blank search, `only_with_upcoming=false` and no column filter add no condition.
  search: (search) => search === undefined || search.trim() === '',
  columnFilters: (filters) => filters === undefined || filters.length === 0,
  eventId: (eventId) => eventId === undefined,
  hasEvents: (hasEvents) => hasEvents === undefined,
  onlyWithUpcoming: (upcoming) => upcoming !== true,
};

/**
 * Whether the list holds exactly the records of its kind that are published at `criteria.now`
 * (publishedCondition), with no other condition: then its total is the kept count of `publish`
 * records plus the due `future` ones (PublishedCountsRepository), not a count of its rows.
 */
export function listsEveryPublished(criteria: LinkedRecordListCriteria): boolean {
  return Object.entries(criteria).every(([key, value]) => {
    const test = UNFILTERED[key as keyof Unfiltered] as ((value: unknown) => boolean) | undefined;
    return test ? test(value) : value === undefined;
  });
}
