import { trimChar } from '../text/trim';
/** Digits with `.` or `,` between them: one number as written in a cost. */
export const COST_NUMBER = /\d+(?:[.,]\d+)*/;

/**
 * The value of a number written with a decimal comma or point, as a plain decimal string without
 * superfluous zeros ("25,50" and "25.50" are "25.5", "1.000,50" is "1000.5"), or null when the
 * separators make no sense ("1.2.3").
 *
 * With both `.` and `,`, the last one is the decimal separator. With one of them once, it is the
 * decimal separator unless exactly three digits follow a non-zero integer part ("1,000" and "1.000"
 * are a thousand, "0.500" is a half). Several of the same are thousands separators ("1.000.000").
 */
export function normaliseCostNumber(text: string): string | null {
  if (!new RegExp(`^${COST_NUMBER.source}$`).test(text)) return null;
  const separators = text.match(/[.,]/g) ?? [];
  if (separators.length === 0) return plainDecimal(text, '');
  const decimal = separators[separators.length - 1];
  const mixed = separators.some((separator) => separator !== decimal);
  if (mixed) {
    const cut = text.lastIndexOf(decimal);
    const integer = text.slice(0, cut);
    if (integer.includes(decimal) || !isGroupedThousands(integer)) return null;
    return plainDecimal(integer.replace(/[.,]/g, ''), text.slice(cut + 1));
  }
  if (separators.length > 1) return isGroupedThousands(text) ? plainDecimal(text.replace(/[.,]/g, ''), '') : null;
  const [integer, fraction] = text.split(decimal);
  const thousands = fraction.length === 3 && !/^0+$/.test(integer);
  return thousands ? plainDecimal(integer + fraction, '') : plainDecimal(integer, fraction);
}

/** `1,000,000`: one to three digits, then groups of exactly three. */
function isGroupedThousands(text: string): boolean {
  return /^\d{1,3}(?:[.,]\d{3})*$/.test(text);
}

function plainDecimal(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const decimals = trimChar(fraction, '0', 'end');
  return decimals === '' ? whole : `${whole}.${decimals}`;
}
