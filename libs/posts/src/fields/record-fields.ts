import { docsKey } from '@app/common';
import { PostRecord } from '@app/domain';
import { ApiProperty } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { SHOWN_WHEN_LOCKED } from '../locked-view';
import { AnyValueField, declaredEntries, FieldMap, HandledKeys, isHandled, RecordOf, valueEntries } from './field-declaration';
import { recordResponse } from './record-response';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AbstractType<T> = abstract new (...args: any[]) => T;

/** The field's schema in responses. */
function recordSchema(field: AnyValueField, docs: string): ApiPropertyOptions {
  const description = { description: docsKey(docs) };
  if (field.type === 'flag') return { type: 'boolean', ...description };
  if (field.type === 'number' || field.type === 'integer') return { type: field.type, nullable: true, ...description };
  return { type: 'string', ...description };
}

/**
 * `base` with every declared field (but hand-written ones, which the class declares itself) as a
 * documented, always present response property of the schema `schema`.
 */
export function WithRecordFields<B extends object, F extends FieldMap>(
  base: AbstractType<B>,
  fields: F,
  schema: string,
): AbstractType<B & RecordOf<F>> {
  abstract class RecordFields extends (base as AbstractType<object>) {}
  for (const [name, field] of valueEntries(fields)) {
    ApiProperty(recordSchema(field, field.docs.record ?? `${schema}.${name}`))(RecordFields.prototype, name);
  }
  return RecordFields as AbstractType<B & RecordOf<F>>;
}

/** The values of a kind's hand-written fields, by response key, as its mapper computes them. */
type HandledValues<F extends FieldMap, V = unknown> = Record<HandledKeys<F>, V>;

/**
 * The declared fields of a record as returned, in declaration order: the machinery's from the
 * record, the hand-written ones from `handled` (required exactly when the kind declares some).
 */
export function recordFields<E extends object, F extends FieldMap, H extends HandledValues<F> = HandledValues<F>>(
  record: E,
  fields: F,
  ...handled: [HandledKeys<F>] extends [never] ? [] : [H]
): RecordOf<F> & H {
  // One mechanism for every kind's values: recordResponse with nothing before the fields.
  return recordResponse([], record, fields, handled as readonly object[]) as RecordOf<F> & H;
}

/**
 * What a record of this kind shows to a caller who cannot open it: the head every kind shows and
 * the columns of the fields declared `shownWhenLocked`. Every other field, a new one included,
 * stays hidden. `internal`: columns no response shows that the kind's other views need kept.
 */
export function shownWhenLocked<E extends PostRecord>(fields: FieldMap, internal: ReadonlyArray<keyof E> = []): ReadonlyArray<keyof E> {
  const declared = declaredEntries(fields)
    .filter(([, field]) => field.shownWhenLocked)
    .flatMap(([, field]) => (isHandled(field) ? field.columns : [field.column]) as Array<keyof E>);
  return [...new Set([...SHOWN_WHEN_LOCKED, ...declared, ...internal])];
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

/** The declared examples, by response key: the documentation's and the tests' realistic values (hand-written fields have none). */
export function fieldExamples(fields: FieldMap, onlyWritable = false): Record<string, unknown> {
  return Object.fromEntries(
    valueEntries(fields)
      .filter(([, field]) => !onlyWritable || field.writable)
      .map(([name, field]) => [name, field.example]),
  );
}
