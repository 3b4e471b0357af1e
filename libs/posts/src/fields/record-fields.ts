import { docsKey } from '@app/common';
import { PostRecord } from '@app/domain';
import { ApiProperty } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { SHOWN_WHEN_LOCKED } from '../locked-view';
import { AnyField, AnyValueField, declaredEntries, FieldMap, HandledKeys, isHandled, RecordOf, valueEntries } from './field-declaration';

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

/** A kind's declarations in order, and an object holding each of their keys. */
interface FieldsShape {
  entries: Array<[string, AnyField]>;
  blank: Readonly<Record<string, unknown>>;
}

const shapes = new WeakMap<FieldMap, FieldsShape>();

/**
 * The shape of a kind's fields, made once. Every answer's values start as a copy of `blank`: a
 * spread copy has V8's fast properties, and stores into keys it has keep them, where 40 keys added
 * one by one to `{}` made a dictionary, which every answer then spread slowly into its response
 * (most of the time of presenting a page of events).
 */
function shapeOf(fields: FieldMap): FieldsShape {
  let shape = shapes.get(fields);
  if (!shape) {
    const entries = declaredEntries(fields);
    const keys: Record<string, unknown> = {};
    for (const [name] of entries) keys[name] = undefined;
    shape = { entries, blank: { ...keys } };
    shapes.set(fields, shape);
  }
  return shape;
}

/**
 * The declared fields of a record as returned, in declaration order: the machinery's from the
 * record, the hand-written ones from `handled` (required exactly when the kind declares some).
 */
export function recordFields<E extends object, F extends FieldMap, H extends HandledValues<F> = HandledValues<F>>(
  record: E,
  fields: F,
  ...handled: [HandledKeys<F>] extends [never] ? [] : [H]
): RecordOf<F> & H {
  const handledValues = (handled[0] ?? {}) as Record<string, unknown>;
  const { entries, blank } = shapeOf(fields);
  const values: Record<string, unknown> = { ...blank };
  for (const [name, field] of entries) {
    if (isHandled(field)) values[name] = handledValues[name];
    else values[name] = field.read ? field.read(record) : record[field.column as keyof E];
  }
  return values as RecordOf<F> & H;
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
