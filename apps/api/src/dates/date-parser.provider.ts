import type { DateParser } from '@app/posts';
import { DateTime } from 'luxon';

export const DATE_PARSER = Symbol('DATE_PARSER');

/**
 * Provisional parser for `YYYY-MM-DD[ HH:MM[:SS]]`, ISO 8601 and Unix timestamps.
 * TODO(dates): replace with the shared date-input parser once it lands (adds English phrases).
 */
export const parseDate: DateParser = (value, zone) => {
  if (typeof value === 'number' || /^\d{9,11}$/.test(value)) return new Date(Number(value) * 1000);
  const text = value.trim().replace(' ', 'T');
  const parsed = DateTime.fromISO(text, { zone, setZone: false });
  return parsed.isValid ? parsed.toJSDate() : null;
};

export const DateParserProvider = { provide: DATE_PARSER, useValue: parseDate };
