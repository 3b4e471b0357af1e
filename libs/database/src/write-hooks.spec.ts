import { asWriteAttempt, slugSpreadOnRetry } from './write-hooks';

describe('slugSpreadOnRetry', () => {
  const largest = (below: number) => below - 1;

  it('is 0 outside a write and on its first two runs', () => {
    expect(slugSpreadOnRetry(largest)).toBe(0);
    expect(asWriteAttempt(1, () => slugSpreadOnRetry(largest))).toBe(0);
    expect(asWriteAttempt(2, () => slugSpreadOnRetry(largest))).toBe(0);
  });

  it('grows with the attempt from the third run on, and follows the run through awaits', async () => {
    expect(asWriteAttempt(3, () => slugSpreadOnRetry(largest))).toBe(2);
    const later = await asWriteAttempt(9, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return slugSpreadOnRetry(largest);
    });
    expect(later).toBe(8);
  });
});
