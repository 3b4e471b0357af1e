import { Errors } from '@app/common';

/**
 * What a TEXT column holds on MySQL (SQLite has no limit). Cleaning can make HTML longer than the
 * input (entities, paragraphs), so the stored value itself is measured, not the request.
 */
const TEXT_COLUMN_BYTES = 65_535;

/** The value to store in a TEXT column, or a 400 naming the field when it would not fit. */
export function fitTextColumn(field: string, value: string): string {
  if (Buffer.byteLength(value, 'utf8') > TEXT_COLUMN_BYTES) {
    throw Errors.invalidParam(field, 'validation.textTooLong', { c0: TEXT_COLUMN_BYTES });
  }
  return value;
}
