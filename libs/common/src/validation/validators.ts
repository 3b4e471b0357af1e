import { ValidateBy, ValidationOptions } from 'class-validator';

/** Dates and images arrive as text or as numbers (timestamps, IDs); documented by the field (`DateInput`, `ImageInput`). */
export function IsStringOrNumber(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isStringOrNumber', validator: { validate: (v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) } },
    options,
  );
}

/** `http`/`https` URLs only (contract §4); "" is allowed where it clears the field. */
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
