import { parseCost } from '@app/common';
import { Random } from './random';
import { seededCost } from './seed-cost';

describe('seededCost', () => {
  const costs = (symbol: string) => {
    const random = new Random(9);
    return Array.from({ length: 1_000 }, () => seededCost(random, symbol));
  };

  it('writes the forms organizers use: free, none, prefixed and postfixed prices, ranges, decimals', () => {
    const written = new Set(costs('€'));
    expect(written).toContain('0');
    expect(written).toContain('');
    expect([...written].some((cost) => /^€\d+$/.test(cost))).toBe(true);
    expect([...written].some((cost) => /^\d+ €$/.test(cost))).toBe(true);
    expect([...written].some((cost) => /^\d+ – \d+$/.test(cost))).toBe(true);
    expect([...written].some((cost) => /^\d+,50 €$/.test(cost))).toBe(true);
  });

  it('gives costs the service reads as prices in the given currency', () => {
    for (const cost of costs('£').filter((written) => written !== '')) {
      const { cost_details: details } = parseCost(cost);
      expect(details.values.length).toBeGreaterThan(0);
      if (/£/.test(cost)) expect(details.currency_symbol).toBe('£');
    }
  });

  it('sets a symbol of several letters apart', () => {
    expect(
      costs('CHF')
        .filter((cost) => cost.startsWith('CHF'))
        .every((cost) => /^CHF \d+$/.test(cost)),
    ).toBe(true);
  });
});
