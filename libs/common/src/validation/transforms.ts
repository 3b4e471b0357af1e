import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on']);
const FALSE_VALUES = new Set(['false', '0', 'no', 'off', '']);

/** WordPress reads booleans loosely: true/false, 1/0, "true"/"false", "yes"/"no". */
export function parseLooseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (TRUE_VALUES.has(lower)) return true;
    if (FALSE_VALUES.has(lower)) return false;
  }
  return undefined;
}

/** Converts loose booleans; anything unreadable is left as it was so `@IsBoolean` rejects it. */
export function ToBoolean(): PropertyDecorator {
  return Transform(({ value }) => parseLooseBoolean(value) ?? value);
}

function toInteger(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

/**
 * Numeric strings (query strings, form bodies) become numbers; other values stay for validation.
 * The API documentation calls the field an integer, which TypeScript's `number` cannot say.
 */
export function ToInt(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => toInteger(value)),
    ApiProperty({ type: 'integer' }),
  );
}

/** Splits `a,b` and accepts `x[]=a&x[]=b` arrays alike (docs/api-rules.md, Lists). */
export function splitList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

/** A list of integers, documented as such. */
export function ToIntArray(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (value === undefined ? undefined : splitList(value).map(toInteger))),
    ApiProperty({ type: 'integer', isArray: true }),
  );
}

/** A list of strings (IDs arrive as strings too), documented as such. */
export function ToStringArray(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (value === undefined ? undefined : splitList(value).map((v) => (typeof v === 'number' ? String(v) : v)))),
    ApiProperty({ type: 'string', isArray: true }),
  );
}

/** Trims strings; leaves other types for the validators to reject. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

/** Numeric strings become numbers (form bodies); "" and other values stay for validation. */
export function ToNumber(): PropertyDecorator {
  return Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value,
  );
}

/**
 * An image as an answer shows it, sent back (a `PUT` of a `GET` body): the image object stands for
 * its `id`, `false` for none. Every other value stays for validation.
 */
export function ToImageInput(): PropertyDecorator {
  return Transform(({ value }) => {
    if (value === false) return '';
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const id = (value as { id?: unknown }).id;
      if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
    }
    return value;
  });
}
