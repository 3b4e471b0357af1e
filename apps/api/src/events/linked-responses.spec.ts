import { Term, Venue } from '@app/domain';
import { CATEGORY_KIND, TAG_KIND } from '@app/terms';
import { toVenueResponse } from '../venues/venue.mapper';
import { LinkedResponses } from './linked-responses';

const links = { restBase: 'http://api.test/calendar/events/v1', siteUrl: 'http://site.test' };
const now = new Date('2026-11-25T12:00:00Z');

function venue(id: number, title: string): Venue {
  const blank = Object.fromEntries(['description', 'excerpt', 'password', 'province', 'state', 'phone', 'website'].map((key) => [key, '']));
  return Object.assign(new Venue(), blank, {
    id,
    slug: `venue-${id}`,
    status: 'publish',
    authorId: 1,
    title,
    image: null,
    publishedUtc: new Date('2026-01-01T10:00:00Z'),
    modifiedUtc: new Date('2026-01-02T10:00:00Z'),
    address: 'Main St 1',
    city: 'Berlin',
    country: 'Germany',
    zip: '10115',
    stateprovince: null,
    showMap: true,
    showMapLink: false,
    geoLat: 52.5,
    geoLng: 13.4,
  });
}

describe('LinkedResponses', () => {
  it('formats a venue shared by many events once and returns what the venue mapper returns', () => {
    const shared = new LinkedResponses(links, 'UTC', now);
    const hall = venue(7, 'Hall A');
    const first = shared.venue(hall);
    expect(shared.venue({ ...hall } as Venue)).toBe(first);
    expect(first).toEqual(toVenueResponse(hall, links, 'UTC', now));
  });

  it('keeps different venues apart', () => {
    const shared = new LinkedResponses(links, 'UTC', now);
    expect(shared.venue(venue(1, 'Hall A')).venue).toBe('Hall A');
    expect(shared.venue(venue(2, 'Hall B')).venue).toBe('Hall B');
  });

  it('keeps a category and a tag with the same ID apart (their links differ)', () => {
    const shared = new LinkedResponses(links, 'UTC', now);
    const term = { id: 3, name: 'Jazz', slug: 'jazz', description: '', taxonomy: 'x', parentId: 0 } as unknown as Term;
    const category = shared.term({ term, count: 2, ancestorSlugs: [] }, CATEGORY_KIND);
    const tag = shared.term({ term, count: 2, ancestorSlugs: [] }, TAG_KIND);
    expect(category.urls.collection).not.toBe(tag.urls.collection);
    expect(shared.term({ term, count: 2, ancestorSlugs: [] }, CATEGORY_KIND)).toBe(category);
  });
});
