import { CalendarEvent, Organizer, Venue } from '@app/domain';
import { organizerWithoutContent } from '../organizers/organizer.mapper';
import { venueWithoutContent } from '../venues/venue.mapper';
import { shownEvent } from './event.mapper';

const HEAD = {
  id: 7,
  slug: 'secret',
  status: 'publish',
  authorId: 3,
  title: 'Secret',
  password: 'sesame',
  wasPublished: true,
  publishedUtc: new Date('2026-01-01T10:00:00Z'),
  modifiedUtc: new Date('2026-01-02T10:00:00Z'),
};
/** A property no allow-list knows: what a column added later would be. */
const ADDED_LATER = { addedLater: 'hidden until someone decides', addedCount: 5, addedFlag: true, addedList: ['x'] };
const HIDDEN_ADDED = { addedLater: '', addedCount: null, addedFlag: false, addedList: [] };

describe('locked views are allow-lists', () => {
  it('a venue keeps its head, name, slug and map flags; everything else, a property added later too, is empty', () => {
    const venue = {
      ...HEAD,
      description: '<p>x</p>',
      address: 'Street 1',
      geoLat: 52.5,
      imageId: 4,
      showMap: true,
      showMapLink: false,
      ...ADDED_LATER,
    };
    expect(venueWithoutContent(venue as unknown as Venue)).toEqual({
      ...HEAD,
      description: '',
      address: '',
      geoLat: null,
      imageId: null,
      showMap: true,
      showMapLink: false,
      ...HIDDEN_ADDED,
    });
  });

  it('an organizer keeps its head, name and slug', () => {
    const organizer = { ...HEAD, email: 'a@b.example', phone: '1', ...ADDED_LATER };
    expect(organizerWithoutContent(organizer as unknown as Organizer)).toEqual({ ...HEAD, email: '', phone: '', ...HIDDEN_ADDED });
  });

  it('an event keeps its head, title, slug, schedule and flags when locked, and everything when not', () => {
    const schedule = {
      startUtc: new Date('2026-02-01T18:00:00Z'),
      endUtc: new Date('2026-02-01T20:00:00Z'),
      timezone: 'Europe/Berlin',
      allDay: false,
      showMap: true,
      showMapLink: true,
      hideFromListings: false,
      sticky: true,
      featured: true,
      revision: 2,
    };
    const event = {
      ...HEAD,
      ...schedule,
      cost: '10 €',
      website: 'https://e.example',
      postParentId: 9,
      ...ADDED_LATER,
    } as unknown as CalendarEvent;
    expect(shownEvent(event, true)).toEqual({ ...HEAD, ...schedule, cost: '', website: '', postParentId: null, ...HIDDEN_ADDED });
    expect(shownEvent(event, false)).toBe(event);
  });
});
