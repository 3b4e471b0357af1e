import { PostRecord } from '@app/domain';
import { SHOWN_WHEN_LOCKED } from '../locked-view';
import { fieldsOf } from './field-declaration';
import { columnFilters, filterEcho } from './field-filters';
import { applyFields, initialFields, sameGivenFields } from './field-writes';
import { fieldExamples, hiddenFieldNames, recordFields, shownWhenLocked } from './record-fields';

interface Hall extends PostRecord {
  street: string;
  seats: number | null;
  open: boolean;
  region: string | null;
}

const field = fieldsOf<Hall>();
const FIELDS = {
  street: field.text('street', { maxLength: 10, example: 'Main 1' }),
  seats: field.integer('seats', { min: 0, example: 80, filter: { param: 'min_seats', op: '>=' } }),
  open: field.flag('open', { initial: true, shownWhenLocked: true, example: true }),
  region: field.text('region', { initial: null, emptyIsNull: true, read: (hall) => hall.region ?? 'none', example: 'North' }),
};

const hall = (values: Partial<Hall>): Hall => ({ ...initialFields<Hall>(FIELDS), ...values }) as Hall;

describe('field declarations', () => {
  it('start a record at their initial values', () => {
    expect(initialFields<Hall>(FIELDS)).toEqual({ street: '', seats: null, open: true, region: null });
  });

  it('store a body: texts trimmed, "" clearing numbers (and texts declared so) to null, left-out fields kept', () => {
    const record = hall({ street: 'Old', seats: 5, region: 'South' });
    applyFields(record, { street: '  New 2 ', seats: '', region: ' ' }, FIELDS);
    expect(record).toMatchObject({ street: 'New 2', seats: null, open: true, region: null });
  });

  it('return the declared fields in order, derived ones through `read`', () => {
    expect(Object.entries(recordFields(hall({ street: 'A', seats: 3 }), FIELDS))).toEqual([
      ['street', 'A'],
      ['seats', 3],
      ['open', true],
      ['region', 'none'],
    ]);
  });

  it('compare only the fields a body gives, texts ignoring case', () => {
    const [a, b] = [hall({ street: 'MAIN', seats: 1 }), hall({ street: 'main', seats: 2 })];
    expect(sameGivenFields(a, b, { street: 'x' }, FIELDS)).toBe(true);
    expect(sameGivenFields(a, b, { street: 'x', seats: 1 }, FIELDS)).toBe(false);
  });

  it('hide every field on a locked record unless declared shown', () => {
    expect(shownWhenLocked<Hall>(FIELDS)).toEqual([...SHOWN_WHEN_LOCKED, 'open']);
    expect(hiddenFieldNames(FIELDS)).toEqual(['street', 'seats', 'region']);
  });

  it('turn a set filter into a column filter that locked records never meet, and echo it', () => {
    expect(columnFilters({ min_seats: 50 }, FIELDS)).toEqual([{ property: 'seats', op: '>=', value: 50, hiddenWhenLocked: true }]);
    expect(columnFilters({}, FIELDS)).toEqual([]);
    expect(filterEcho({ min_seats: 50 }, FIELDS)).toEqual({ min_seats: 50 });
  });

  it('give the examples of the writable fields', () => {
    expect(fieldExamples(FIELDS, true)).toEqual({ street: 'Main 1', seats: 80, open: true, region: 'North' });
  });
});
