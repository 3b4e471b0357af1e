import { RETRY_POLICY, retryDelayMs } from './retry-policy';

describe('retryDelayMs', () => {
  it('stays below a ceiling that doubles per attempt from baseDelayMs up to maxDelayMs', () => {
    const almostOne = () => 0.999999;
    expect(retryDelayMs(1, almostOne)).toBe(RETRY_POLICY.baseDelayMs - 1);
    expect(retryDelayMs(2, almostOne)).toBe(RETRY_POLICY.baseDelayMs * 2 - 1);
    expect(retryDelayMs(3, almostOne)).toBe(RETRY_POLICY.baseDelayMs * 4 - 1);
    expect(retryDelayMs(30, almostOne)).toBe(RETRY_POLICY.maxDelayMs - 1);
  });

  it('is spread over the whole range below the ceiling (full jitter)', () => {
    expect(retryDelayMs(4, () => 0)).toBe(0);
    expect(retryDelayMs(4, () => 0.5)).toBe(RETRY_POLICY.baseDelayMs * 4);
  });

  it('keeps the sum of every pause well inside the time budget', () => {
    let worst = 0;
    for (let attempt = 1; attempt < RETRY_POLICY.maxAttempts; attempt++) worst += retryDelayMs(attempt, () => 0.999999);
    expect(worst).toBeLessThan(RETRY_POLICY.maxTotalMs / 2);
  });
});
