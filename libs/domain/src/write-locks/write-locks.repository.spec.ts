import { WRITE_LOCK_BUCKETS, writeLockBucket } from './write-locks.repository';

describe('writeLockBucket', () => {
  it('gives one name the same bucket every time', () => {
    expect(writeLockBucket('venue:cc-park-e')).toBe(writeLockBucket('venue:cc-park-e'));
  });

  it('keeps every bucket within the table', () => {
    for (const name of ['', 'a', 'venue:x', 'organizer:ä-ö', 'x'.repeat(500)]) {
      const bucket = writeLockBucket(name);
      expect(Number.isInteger(bucket)).toBe(true);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(WRITE_LOCK_BUCKETS);
    }
  });

  it('spreads names over many buckets', () => {
    const buckets = new Set(Array.from({ length: 1000 }, (_, i) => writeLockBucket(`venue:hall-${i}`)));
    expect(buckets.size).toBeGreaterThan(850);
  });
});
