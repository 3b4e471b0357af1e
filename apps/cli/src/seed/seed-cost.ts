import { Random } from './random';

const PRICES = [5, 8, 10, 12, 15, 18, 20, 25, 30, 35, 45];

/**
 * A cost as organizers type it: free ("0"), none given, "€15", "15 €", a range "10 – 20", or
 * "14,50 €". Symbols of more than one letter (CHF) are set apart by a space.
 */
export function seededCost(random: Random, symbol: string): string {
  const kind = random.next();
  const price = random.pick(PRICES);
  const prefix = symbol.length > 1 ? `${symbol} ` : symbol;
  if (kind < 0.25) return '0';
  if (kind < 0.4) return '';
  if (kind < 0.65) return `${prefix}${price}`;
  if (kind < 0.75) return `${price} ${symbol}`;
  if (kind < 0.9) return `${price} – ${price + random.pick([5, 10, 15])}`;
  return `${price - 1},50 ${symbol}`;
}
