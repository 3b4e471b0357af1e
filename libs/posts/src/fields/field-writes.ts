import { AnyValueField, FieldMap, isTextType, valueEntries } from './field-declaration';

/** Text compared ignoring case for duplicate avoidance; `null` counts as "". */
export const sameText = (a: string | null, b: string | null): boolean => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** What a body's value is stored as: texts trimmed (or as `store` says), "" clearing a number (and a text declared so) to null. */
function storedValue(field: AnyValueField, value: unknown): unknown {
  if (isTextType(field.type)) {
    const text = field.store ? field.store(String(value)) : String(value).trim();
    return field.emptyIsNull && text === '' ? null : text;
  }
  if (field.type === 'number' || field.type === 'integer') return value === '' ? null : value;
  return value;
}

/** Copies every declared field the body gives onto the record (already checked by the body class). */
export function applyFields<E extends object>(record: E, body: object, fields: FieldMap): void {
  for (const [name, field] of valueEntries(fields)) {
    const value = (body as Record<string, unknown>)[name];
    if (!field.writable || value === undefined) continue;
    (record as Record<string, unknown>)[field.column] = storedValue(field, value);
  }
}

/** Every declared field at its initial value: how a new record starts. */
export function initialFields<E extends object>(fields: FieldMap): Partial<E> {
  return Object.fromEntries(valueEntries(fields).map(([, field]) => [field.column, field.initial])) as Partial<E>;
}

/** Whether `candidate` equals `record` in every declared field the body gives that duplicate avoidance compares. */
export function sameGivenFields<E extends object>(candidate: E, record: E, body: object, fields: FieldMap): boolean {
  return valueEntries(fields).every(([name, field]) => {
    if (field.compare === 'none' || (body as Record<string, unknown>)[name] === undefined) return true;
    const [a, b] = [candidate, record].map((side) => (side as Record<string, unknown>)[field.column]);
    return field.compare === 'text' ? sameText(a as string | null, b as string | null) : a === b;
  });
}

/**
 * The body that writes a record's declared writable fields as they are stored (null as "", which
 * clears): what a copy of the record sends, so that a field declared later is copied too.
 */
export function bodyOfFields(record: object, fields: FieldMap): Record<string, unknown> {
  return Object.fromEntries(
    valueEntries(fields)
      .filter(([, field]) => field.writable)
      .map(([name, field]) => [name, (record as Record<string, unknown>)[field.column] ?? '']),
  );
}
