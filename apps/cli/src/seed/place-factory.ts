import { Organizer, Venue } from '@app/domain';
import { CITIES, City, ORGANIZER_PATTERNS, PLACE_WORDS, STREETS, VENUE_PATTERNS } from './place-data';
import { Random } from './random';
import { fillSlots, publishedPost, SeedContext } from './seed-context';
import { SlugAllocator } from './slug-allocator';

/**
 * A row as the seeder writes it: nullable columns may be left out and start null, so a new
 * optional field (README, Extending a module) needs no change here.
 */
type SeedRow<E> = { [K in keyof E as null extends E[K] ? never : K]: E[K] } & { [K in keyof E as null extends E[K] ? K : never]?: E[K] };

type VenueRow = SeedRow<Omit<Venue, 'id' | 'image'>>;
type OrganizerRow = SeedRow<Omit<Organizer, 'id' | 'image'>>;

const phone = (random: Random, city: City) => `${city.phonePrefix} ${random.int(100_000, 9_999_999)}`;

/** German postcodes vary within the city; others keep the city's. */
const postcode = (random: Random, city: City) =>
  /^\d{5}$/.test(city.zip) ? String(Number(city.zip) + random.int(0, 60)).padStart(5, '0') : city.zip;

/** A point within a few kilometres of the city centre. */
const near = (random: Random, value: number) => Math.round((value + (random.next() - 0.5) * 0.08) * 1e6) / 1e6;

export function venueRow(context: SeedContext, slugs: SlugAllocator): VenueRow {
  const { random } = context;
  const city = random.pick(CITIES);
  const title = fillSlots(random.pick(VENUE_PATTERNS), random, { city: [city.name], word: PLACE_WORDS });
  const slug = slugs.allocate(title);
  const located = random.chance(0.85);
  // A literal key opens the row (see publishedPost).
  return {
    address: `${random.pick(city.englishStreets ? STREETS.en : STREETS.de)} ${random.int(1, 120)}`,
    ...publishedPost(context, { slug, title, description: `<p>${title}, ${city.name}.</p>` }),
    city: city.name,
    country: city.country,
    province: city.state,
    state: '',
    zip: postcode(random, city),
    phone: random.chance(0.8) ? phone(random, city) : '',
    website: random.chance(0.7) ? `https://${slug}.example.org` : '',
    stateprovince: null,
    showMap: true,
    showMapLink: true,
    geoLat: located ? near(random, city.lat) : null,
    geoLng: located ? near(random, city.lng) : null,
  };
}

export function organizerRow(context: SeedContext, slugs: SlugAllocator): OrganizerRow {
  const { random } = context;
  const city = random.pick(CITIES);
  const title = fillSlots(random.pick(ORGANIZER_PATTERNS), random, { city: [city.name], word: PLACE_WORDS });
  const slug = slugs.allocate(title);
  return {
    phone: random.chance(0.7) ? phone(random, city) : '',
    ...publishedPost(context, { slug, title, description: '' }),
    website: random.chance(0.8) ? `https://${slug}.example.org` : '',
    email: random.chance(0.8) ? `info@${slug}.example.org` : '',
  };
}
