import { docsKey } from '@app/common';
import { PostRecord } from '@app/domain';
import { ApiProperty } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { SHOWN_WHEN_LOCKED } from '../locked-view';
import { AnyField, declaredEntries, FieldMap, RecordOf } from './field-declaration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AbstractType<T> = abstract new (...args: any[]) => T;

/** The field's schema in responses. */
function recordSchema(field: AnyField, docs: string): ApiPropertyOptions {
  const description = { description: docsKey(docs) };
  if (field.type === 'flag') return { type: 'boolean', ...description };
  if (field.type === 'number' || field.type === 'integer') return { type: field.type, nullable: true, ...description };
  return { type: 'string', ...description };
}

/** `base` with every declared field as a documented, always present response property of the schema `schema`. */
export function WithRecordFields<B extends object, F extends FieldMap>(
  base: AbstractType<B>,
  fields: F,
  schema: string,
): AbstractType<B & RecordOf<F>> {
  abstract class RecordFields extends (base as AbstractType<object>) {}
  for (const [name, field] of declaredEntries(fields)) {
    ApiProperty(recordSchema(field, field.docs.record ?? `${schema}.${name}`))(RecordFields.prototype, name);
  }
  return RecordFields as AbstractType<B & RecordOf<F>>;
}

/** The declared fields of a record as returned, in declaration order. */
export function recordFields<E extends object, F extends FieldMap>(record: E, fields: F): RecordOf<F> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of declaredEntries(fields)) {
    values[name] = field.read ? field.read(record) : record[field.column as keyof E];
  }
  return values as RecordOf<F>;
}

/**
 * What a record of this kind shows to a caller who cannot open it: the head every kind shows and
 * the fields declared `shownWhenLocked`. Every other field, a new one included, stays hidden.
 */
export function shownWhenLocked<E extends PostRecord>(fields: FieldMap): ReadonlyArray<keyof E> {
  const declared = declaredEntries(fields)
    .filter(([, field]) => field.shownWhenLocked)
    .map(([, field]) => field.column as keyof E);
  return [...SHOWN_WHEN_LOCKED, ...declared];
}

/** The response keys of the declared fields a locked record shows / hides. */
export const shownFieldNames = (fields: FieldMap): string[] =>
  declaredEntries(fields)
    .filter(([, field]) => field.shownWhenLocked)
    .map(([name]) => name);
export const hiddenFieldNames = (fields: FieldMap): string[] =>
  declaredEntries(fields)
    .filter(([, field]) => !field.shownWhenLocked)
    .map(([name]) => name);

/** The declared examples, by response key: the documentation's and the tests' realistic values. */
export function fieldExamples(fields: FieldMap, onlyWritable = false): Record<string, unknown> {
  return Object.fromEntries(
    declaredEntries(fields)
      .filter(([, field]) => !onlyWritable || field.writable)
      .map(([name, field]) => [name, field.example]),
  );
}
