import { holdWriteLane, writeSlotOf } from './write-slot';

describe('write lanes', () => {
  it('gives open transactions of one process different counter rows, and reuses a lane once released', () => {
    const [a, b, c] = [{}, {}, {}];
    const outside = writeSlotOf({});
    const releaseA = holdWriteLane(a);
    const releaseB = holdWriteLane(b);
    expect(writeSlotOf(a)).toBe(outside);
    expect(writeSlotOf(b)).toBe((outside + 1) % 1024);
    releaseA();
    expect(writeSlotOf(a)).toBe(outside);
    const releaseC = holdWriteLane(c);
    expect(writeSlotOf(c)).toBe(outside);
    expect(writeSlotOf(b)).not.toBe(writeSlotOf(c));
    releaseB();
    releaseC();
  });

  it('keeps as many lanes as transactions were open at once', () => {
    const open = Array.from({ length: 10 }, () => ({}));
    const releases = open.map((db) => holdWriteLane(db));
    expect(new Set(open.map(writeSlotOf)).size).toBe(10);
    releases.forEach((release) => release());
    const later = {};
    const release = holdWriteLane(later);
    expect(writeSlotOf(later)).toBe(writeSlotOf({}));
    release();
  });
});
