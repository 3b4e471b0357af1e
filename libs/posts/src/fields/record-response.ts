import { declaredEntries, FieldMap, isHandled, RecordOf } from './field-declaration';

/** A tuple of objects as the one object their keys make together. */
export type Merged<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Merged<Rest>
  : unknown;

/** What building a kind's responses needs, made once per kind and lead. */
interface ResponseShape {
  /** The lead parts' keys, in order. */
  leadKeys: string[];
  /** Every key of the response in order, none set yet. */
  blank: Readonly<Record<string, unknown>>;
  /** The fields the machinery reads from the record, and how. */
  read: Array<[string, (record: object) => unknown]>;
  /** The names of the hand-written fields (the mapper's values). */
  handled: ReadonlySet<string>;
}

const shapes = new WeakMap<FieldMap, ResponseShape[]>();

/** Whether the parts have exactly these keys, in this order (read without allocating: this runs per answer). */
function hasKeys(lead: readonly object[], keys: readonly string[]): boolean {
  let i = 0;
  for (const part of lead) {
    for (const key in part) if (keys[i++] !== key) return false;
  }
  return i === keys.length;
}

function shapeFor(fields: FieldMap, lead: readonly object[]): ResponseShape {
  let known = shapes.get(fields);
  if (!known) shapes.set(fields, (known = []));
  const found = known.find((shape) => hasKeys(lead, shape.leadKeys));
  if (found) return found;
  const leadKeys = lead.flatMap((part) => Object.keys(part));
  const entries = declaredEntries(fields);
  const keys: Record<string, unknown> = {};
  for (const key of [...leadKeys, ...entries.map(([name]) => name)]) keys[key] = undefined;
  const shape: ResponseShape = {
    leadKeys,
    // A spread copy has V8's fast properties (40 keys added one by one to `{}` make a dictionary).
    blank: { ...keys },
    read: entries.flatMap(([name, field]): Array<[string, (record: object) => unknown]> => {
      if (isHandled(field)) return [];
      return [[name, field.read ?? ((record: object) => (record as Record<string, unknown>)[field.column as string])]];
    }),
    handled: new Set(entries.filter(([, field]) => isHandled(field)).map(([name]) => name)),
  };
  known.push(shape);
  return shape;
}

/**
 * A record's response: the keys of the `lead` parts in their order, then the kind's declared
 * fields in declaration order, the machinery's read from the record and the hand-written ones
 * taken from the `handled` parts (keys no hand-written field declares are left out).
 *
 * It fills a copy of an object that holds every key already. Spreading the parts into one literal
 * (`{ ...head, title, ...fields }`) made V8 build new hidden classes for nearly every answer: a
 * page of 50 events spent about twice as long presenting them as before fields were declared
 * (bench/README, "The 20 % bound, A/B against the code before recurring events").
 */
export function recordResponse<L extends readonly object[], F extends FieldMap, H extends readonly object[] = []>(
  lead: readonly [...L],
  record: object,
  fields: F,
  handled: readonly [...H] = [] as unknown as H,
): Merged<L> & RecordOf<F> & Merged<H> {
  const shape = shapeFor(fields, lead);
  const response: Record<string, unknown> = { ...shape.blank };
  for (const part of lead) {
    for (const key in part) response[key] = (part as Record<string, unknown>)[key];
  }
  for (const [name, read] of shape.read) response[name] = read(record);
  for (const part of handled) {
    for (const key in part) if (shape.handled.has(key)) response[key] = (part as Record<string, unknown>)[key];
  }
  return response as Merged<L> & RecordOf<F> & Merged<H>;
}
