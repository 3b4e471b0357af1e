import { PostRecord } from '@app/domain';
import { SHOWN_WHEN_LOCKED } from '../locked-view';
import { fieldsOf } from './field-declaration';
import { columnFilters, filterEcho } from './field-filters';
import { applyFields, bodyOfFields, initialFields, sameGivenFields } from './field-writes';
import { fieldExamples, hiddenFieldNames, recordFields, shownFieldNames, shownWhenLocked } from './record-fields';

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

/** A text stored otherwise than trimmed. */
const SHOUTED = { street: field.text('street', { store: (text) => text.toUpperCase(), example: 'MAIN 1' }) };

/** The same with hand-written fields: one shown on locked records (with its columns), one hidden. */
const WITH_HANDLED = {
  opening: field.handled(['open', 'region'], { shownWhenLocked: true }),
  ...FIELDS,
  seat_map: field.handled(['seats'], { writable: true }),
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

  it('store a text as its declaration says, when it says', () => {
    const record = hall({});
    applyFields(record, { street: ' Main 1' }, SHOUTED);
    expect(record.street).toBe(' MAIN 1');
  });

  it('give the body that copies a record: every writable field as stored, null as "" (which clears)', () => {
    const record = hall({ street: 'Main 1', seats: null, open: false, region: 'North' });
    expect(bodyOfFields(record, WITH_HANDLED)).toEqual({ street: 'Main 1', seats: '', open: false, region: 'North' });
    const copy = hall({ street: 'Other', seats: 9 });
    applyFields(copy, bodyOfFields(record, FIELDS), FIELDS);
    expect(copy).toEqual(record);
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

  it('leave hand-written fields to their kind: no write, no initial value, no comparison, no example', () => {
    const record = hall({ street: 'Old' });
    applyFields(record, { street: 'New', seat_map: 'x', opening: 'y' }, WITH_HANDLED);
    expect(record).toEqual(hall({ street: 'New' }));
    expect(initialFields<Hall>(WITH_HANDLED)).toEqual(initialFields<Hall>(FIELDS));
    expect(sameGivenFields(hall({ seats: 1 }), hall({ seats: 2 }), { seat_map: 'x' }, WITH_HANDLED)).toBe(true);
    expect(Object.keys(fieldExamples(WITH_HANDLED))).toEqual(Object.keys(FIELDS));
  });

  it('return hand-written fields from the values the kind computes, in declaration order', () => {
    const values = recordFields(hall({ street: 'A' }), WITH_HANDLED, { opening: 'daily', seat_map: [1, 2] });
    expect(Object.keys(values)).toEqual(['opening', 'street', 'seats', 'open', 'region', 'seat_map']);
    expect(values).toMatchObject({ opening: 'daily', street: 'A', seat_map: [1, 2] });
  });

  it('keep the columns of a hand-written field shown on locked records, and internal columns asked for', () => {
    expect(shownWhenLocked<Hall>(WITH_HANDLED, ['seats'])).toEqual([...SHOWN_WHEN_LOCKED, 'open', 'region', 'seats']);
    expect(hiddenFieldNames(WITH_HANDLED)).toEqual(['street', 'seats', 'region', 'seat_map']);
    expect(shownFieldNames(WITH_HANDLED)).toEqual(['opening', 'open']);
  });

  it('give the examples of the writable fields', () => {
    expect(fieldExamples(FIELDS, true)).toEqual({ street: 'Main 1', seats: 80, open: true, region: 'North' });
  });
});
