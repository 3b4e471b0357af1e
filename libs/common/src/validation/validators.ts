import { ValidateBy, ValidationOptions } from 'class-validator';
import { splitList } from './transforms';

/** Dates and images arrive as text or as numbers (timestamps, IDs); documented by the field (`DateInput`, `ImageInput`). */
export function IsStringOrNumber(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isStringOrNumber', validator: { validate: (v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) } },
    options,
  );
}

/** `http`/`https` URLs only (docs/api-rules.md, Writes); "" is allowed where it clears the field. */
export function IsHttpUrlOrEmpty(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHttpUrl',
      validator: {
        validate: (value) => {
          if (value === '') return true;
          if (typeof value !== 'string') return false;
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
          } catch {
            return false;
          }
        },
      },
    },
    options,
  );
}

// eslint-disable-next-line no-control-regex -- the control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Text without control characters (C0, DEL, C1): a search string is matched, never typed into a
 * line of its own, and a NUL would end the string some database engines are handed.
 */
export function HasNoControlCharacters(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noControlCharacters',
      validator: { validate: (value) => typeof value !== 'string' || !CONTROL_CHARACTER.test(value) },
    },
    options,
  );
}

/** A finite number within [min, max], or "" to clear. */
export function IsNumberInRangeOrEmpty(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNumberInRange',
      constraints: [min, max],
      validator: {
        validate: (value) => value === '' || (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max),
      },
    },
    options,
  );
}

/** Items of a list, a comma-separated string or a single value, as event bodies name linked records. */
function itemCount(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0;
  if (Array.isArray(value)) return value.length;
  return typeof value === 'string' ? splitList(value).length : 1;
}

/** At most `max` items (README, Security: an event's linked records are capped, so one request cannot create thousands). */
export function MaxItems(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'maxItems', constraints: [max], validator: { validate: (value) => itemCount(value) <= max } }, options);
}
