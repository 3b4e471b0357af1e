import { PostRecord } from '@app/domain';
import { fieldsOf } from './field-declaration';
import { recordResponse } from './record-response';

interface Hall extends PostRecord {
  street: string;
  region: string | null;
}

const field = fieldsOf<Hall>();
const FIELDS = {
  opening: field.handled(['region']),
  street: field.text('street', { maxLength: 10, example: 'Main 1' }),
  region: field.text('region', { read: (hall) => hall.region ?? 'none', example: 'North' }),
  seat_map: field.handled([]),
};

const hall = (street: string, region: string | null) => ({ street, region }) as Hall;

describe('recordResponse', () => {
  it('gives the lead parts in order, then the declared fields in declaration order', () => {
    const response = recordResponse([{ id: 7, title: 'Hall' }, { slug: 'hall' }], hall('Main 1', null), FIELDS, [
      { opening: 'daily' },
      { seat_map: [1, 2] },
    ]);
    expect(Object.entries(response)).toEqual([
      ['id', 7],
      ['title', 'Hall'],
      ['slug', 'hall'],
      ['opening', 'daily'],
      ['street', 'Main 1'],
      ['region', 'none'],
      ['seat_map', [1, 2]],
    ]);
  });

  it('takes only declared hand-written fields from the handled parts (the last part wins), never a column', () => {
    const response = recordResponse([{ id: 1 }], hall('A', 'North'), FIELDS, [
      { opening: 'first', street: 'not this', extra: 1 },
      { opening: 'last' },
    ]);
    expect(response).toEqual({ id: 1, opening: 'last', street: 'A', region: 'North', seat_map: undefined });
    expect(Object.keys(response)).not.toContain('extra');
  });

  it('keeps each lead its own key order, one answer after another', () => {
    const first = recordResponse([{ id: 1, venue: 'X' }], hall('A', null), FIELDS, []);
    const other = recordResponse([{ venue: 'Y', id: 2 }, { more: true }], hall('B', null), FIELDS, []);
    const again = recordResponse([{ id: 3, venue: 'Z' }], hall('C', null), FIELDS, []);
    expect(Object.keys(first).slice(0, 2)).toEqual(['id', 'venue']);
    expect(Object.keys(other).slice(0, 3)).toEqual(['venue', 'id', 'more']);
    expect(Object.keys(again).slice(0, 2)).toEqual(['id', 'venue']);
    expect([first.street, other.street, again.street]).toEqual(['A', 'B', 'C']);
  });
});
