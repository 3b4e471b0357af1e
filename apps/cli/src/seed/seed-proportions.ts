import { CATEGORY_NAMES, TAG_NAMES } from './seed-data';

interface SeedProportions {
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
}

/** About one venue per 20 events and one organizer per 30; the full vocabulary of 12 categories and 40 tags from a few dozen events on. */
export function seedProportions(events: number): SeedProportions {
  return {
    venues: Math.max(1, Math.round(events / 20)),
    organizers: Math.max(1, Math.round(events / 30)),
    categories: Math.min(CATEGORY_NAMES.length, Math.ceil(events / 4)),
    tags: Math.min(TAG_NAMES.length, Math.ceil(events / 2)),
  };
}
