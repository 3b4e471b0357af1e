import { RunLookups } from './import-lookups';

describe('RunLookups', () => {
  it('keeps an ID per kind and name as written', () => {
    const lookups = new RunLookups();
    lookups.remember('venue', 'Stadthalle', 3);
    lookups.remember('organizer', 'Stadthalle', 7);
    expect(lookups.get('venue', 'Stadthalle')).toBe(3);
    expect(lookups.get('organizer', 'Stadthalle')).toBe(7);
    expect(lookups.get('venue', 'stadthalle')).toBeUndefined();
    expect(lookups.get('categories', 'Stadthalle')).toBeUndefined();
  });

  it('forgets what was learned since a mark (a rolled-back savepoint), and keeps what came before', () => {
    const lookups = new RunLookups();
    lookups.remember('venue', 'Before', 1);
    const mark = lookups.mark();
    lookups.remember('venue', 'After', 2);
    lookups.remember('categories', 'Jazz', 5);
    lookups.forgetSince(mark);
    expect(lookups.get('venue', 'Before')).toBe(1);
    expect(lookups.get('venue', 'After')).toBeUndefined();
    expect(lookups.get('categories', 'Jazz')).toBeUndefined();
    lookups.remember('venue', 'After', 4);
    expect(lookups.get('venue', 'After')).toBe(4);
  });

  it('keeps the first ID of a name and forgets everything at once', () => {
    const lookups = new RunLookups();
    lookups.remember('tags', 'Kids', 9);
    const mark = lookups.mark();
    lookups.remember('tags', 'Kids', 10);
    lookups.forgetSince(mark);
    expect(lookups.get('tags', 'Kids')).toBe(9);
    lookups.forgetAll();
    expect(lookups.get('tags', 'Kids')).toBeUndefined();
    expect(lookups.mark()).toBe(0);
  });
});
