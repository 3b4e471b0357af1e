import { Errors, toPlainText } from '@app/common';

/** Length of the cost column (varchar). */
const MAX_COST_LENGTH = 255;

/** Cost as stored: the text given, lists joined; the display form is derived on output. */
export function costText(cost: unknown): string {
  const part = (value: unknown): string => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return toPlainText(value);
    throw Errors.invalidParam('cost', 'validation.isStringOrNumber');
  };
  const text = Array.isArray(cost) ? cost.map(part).filter(Boolean).join(', ') : part(cost);
  if (text.length > MAX_COST_LENGTH) throw Errors.invalidParam('cost', 'validation.maxLength', { c0: MAX_COST_LENGTH });
  return text;
}
