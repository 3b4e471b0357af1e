import { QueryFailedError } from 'typeorm';
import { conflictKind, StaleReadError } from './conflicts';

const driverFailure = (driverError: Record<string, unknown>) =>
  new QueryFailedError('SELECT 1', [], Object.assign(new Error('x'), driverError));

describe('conflictKind', () => {
  it.each([
    [{ code: 'ER_LOCK_DEADLOCK', errno: 1213 }, 'deadlock'],
    [{ errno: 1213 }, 'deadlock'],
    [{ code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }, 'lock-timeout'],
    [{ code: 'SQLITE_BUSY' }, 'busy'],
    [{ code: 'SQLITE_BUSY_SNAPSHOT' }, 'busy'],
    [{ code: 'SQLITE_LOCKED' }, 'busy'],
    [{ code: 'ER_DUP_ENTRY', errno: 1062 }, 'unique'],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }, 'unique'],
    [{ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }, 'unique'],
  ])('sees %p as a lost race of kind %s', (driverError, kind) => {
    expect(conflictKind(driverFailure(driverError))).toBe(kind);
  });

  it('sees a stale read as a lost race', () => {
    expect(conflictKind(new StaleReadError('a venue was deleted'))).toBe('stale');
  });

  it.each([
    [{ code: 'ER_PARSE_ERROR', errno: 1064 }],
    [{ code: 'ER_NO_REFERENCED_ROW_2', errno: 1452 }],
    [{ code: 'SQLITE_CONSTRAINT_NOTNULL' }],
    [{ code: 'SQLITE_ERROR' }],
  ])('does not retry %p', (driverError) => {
    expect(conflictKind(driverFailure(driverError))).toBeUndefined();
  });

  it('does not retry errors that are not the database’s', () => {
    expect(conflictKind(new Error('boom'))).toBeUndefined();
    expect(conflictKind(undefined)).toBeUndefined();
  });
});
