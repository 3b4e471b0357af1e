import { talliedScope, wholeDays } from './event-list-total';
import { EventListCriteria } from './event-list-criteria';

const window = { start: new Date('2027-02-01T00:00:00Z'), end: new Date('2027-02-28T23:59:59Z') };
const base: EventListCriteria = { viewer: undefined, statuses: ['publish'], now: new Date('2026-11-25T12:00:00Z'), window };

describe('talliedScope', () => {
  it('reads an unfiltered published list and a one-term anonymous list from day counts', () => {
    expect(talliedScope(base)).toBe(0);
    expect(talliedScope({ ...base, categoryIds: [7] })).toBe(7);
    expect(talliedScope({ ...base, tagIds: [9] })).toBe(9);
  });

  it('counts everything else', () => {
    expect(talliedScope({ ...base, statuses: ['publish', 'draft'] })).toBeUndefined();
    expect(talliedScope({ ...base, categoryIds: [7, 8] })).toBeUndefined();
    expect(talliedScope({ ...base, categoryIds: [7], tagIds: [9] })).toBeUndefined();
    expect(talliedScope({ ...base, categoryIds: [7], viewer: { id: 2, role: 'author' } as never })).toBeUndefined();
    expect(talliedScope({ ...base, search: 'jazz' })).toBeUndefined();
    expect(talliedScope({ ...base, venueIds: [1] })).toBeUndefined();
    expect(talliedScope({ ...base, featured: true })).toBeUndefined();
    expect(talliedScope({ ...base, window: { start: window.start } })).toBeUndefined();
    expect(talliedScope({ ...base, window: { ...window, endsAfter: window.start } })).toBeUndefined();
  });

  it('keeps a signed-in caller on day counts when only the term filter is absent', () => {
    expect(talliedScope({ ...base, viewer: { id: 2, role: 'author' } as never })).toBe(0);
  });
});

describe('wholeDays', () => {
  it('takes the days inside the window, the last day included when the window ends at 23:59:59', () => {
    expect(wholeDays(window.start, window.end)).toEqual({
      first: new Date('2027-02-01T00:00:00Z'),
      after: new Date('2027-03-01T00:00:00Z'),
    });
  });

  it('leaves partial first and last days out', () => {
    expect(wholeDays(new Date('2027-02-01T09:30:00Z'), new Date('2027-02-05T10:00:00Z'))).toEqual({
      first: new Date('2027-02-02T00:00:00Z'),
      after: new Date('2027-02-05T00:00:00Z'),
    });
  });

  it('has none within one day', () => {
    expect(wholeDays(new Date('2027-02-01T01:00:00Z'), new Date('2027-02-01T23:00:00Z'))).toBeUndefined();
  });
});
