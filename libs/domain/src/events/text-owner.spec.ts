import { textOwnerOf } from './series-occurrences.repository';

describe('textOwnerOf', () => {
  it('is the row itself for single events, series rows and exceptions that changed a text', () => {
    expect(textOwnerOf({ id: 5, recurringEventId: null, ownFields: null })).toBe(5);
    expect(textOwnerOf({ id: 7, recurringEventId: 5, ownFields: 'cost,title' })).toBe(7);
    expect(textOwnerOf({ id: 8, recurringEventId: 5, ownFields: 'excerpt' })).toBe(8);
    expect(textOwnerOf({ id: 9, recurringEventId: 5, ownFields: 'description' })).toBe(9);
  });

  it('is the series for occurrences that show its texts', () => {
    expect(textOwnerOf({ id: 6, recurringEventId: 5, ownFields: null })).toBe(5);
    expect(textOwnerOf({ id: 6, recurringEventId: 5, ownFields: 'cost,start_date,venue' })).toBe(5);
  });
});
