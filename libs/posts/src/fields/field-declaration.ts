/*
 * One declaration per field of a kind (events, venues, organizers, terms; README, Extending a
 * module): its type and limits, whether a body may write it, how "" clears it, its documentation
 * keys and example, whether a record the caller cannot open shows it, whether duplicate avoidance
 * compares it, and its list filter. The body and response classes, the mapping, the locked view, duplicate avoidance, the
 * examples and the tests' key lists are derived from these declarations. A field that needs code of
 * its own is declared `handled`: the machinery then only decides its visibility and its key.
 */

/** How a field is written and returned. Numbers are optional: "" clears them to null. */
type FieldType = 'text' | 'url' | 'email' | 'flag' | 'number' | 'integer';

/**
 * A field whose body property, response value and write are hand-written (an event's dates, its
 * linked records, a term's generated slug...): declared all the same, so that the locked view, the
 * key lists and the documentation know it, but the machinery leaves its handling to its kind.
 */
const HANDLED = 'handled';

/** What a body sends for a field of this type. */
type BodyValueOf<T extends FieldType> = T extends 'flag' ? boolean : T extends 'number' | 'integer' ? number | '' : string;

/** What a response returns for a field of this type. */
type RecordValueOf<T extends FieldType> = T extends 'flag' ? boolean : T extends 'number' | 'integer' ? number | null : string;

/** A list filter on one field: `?<param>=<value>` keeps the records whose value compares so. */
export interface FieldFilterDeclaration {
  param: string;
  /** How the stored value compares with the parameter: `>=` keeps records at least as large. */
  op: '=' | '>=' | '<=';
  /** Catalogue key of the parameter's description; by default its place, `<list operation>.parameters.<param>`. */
  docs?: string;
  example?: string | number | boolean;
}

/**
 * Catalogue keys (apps/api/src/i18n/<language>/docs.json) of a field's descriptions, to share a
 * text; by default each is the field's place: `Venue.phone` in responses, `CreateVenueDto.phone` in
 * bodies (README, Documentation texts).
 */
interface FieldDocs {
  body?: string;
  record?: string;
}

interface FieldDeclaration<E = object, T extends FieldType = FieldType> {
  type: T;
  /** The entity property that stores the value. */
  column: keyof E & string;
  /** Longest text a body may send (text, url, email). */
  maxLength?: number;
  /** Range of a number. */
  min?: number;
  max?: number;
  /** Whether a body may set it; default true. */
  writable: boolean;
  /** Stored value of a new record. */
  initial: unknown;
  /** For text: "" (after trimming) is stored as null rather than "" (a value derived while unset, see `read`). */
  emptyIsNull: boolean;
  /** For text: what a body's text is stored as, when not simply trimmed (a term's description: plain text). */
  store?: (text: string) => string;
  docs: FieldDocs;
  /** A realistic value, for the documentation's examples and the tests' fixtures. */
  example: RecordValueOf<T>;
  /** Whether a record the caller cannot open (password) shows it; default false: hidden. */
  shownWhenLocked: boolean;
  /** How duplicate avoidance compares it: text ignoring case, exact value, or not at all. */
  compare: 'text' | 'exact' | 'none';
  filter?: FieldFilterDeclaration;
  /** The value a response shows, when it is not simply the stored one. */
  read?: (record: E) => RecordValueOf<T>;
}

/** A hand-written field (see HANDLED): what the machinery still needs to know of it. */
export interface HandledFieldDeclaration<E = object> {
  type: typeof HANDLED;
  /** The entity properties its response value is computed from: a locked record keeps them when the field is shown. */
  columns: ReadonlyArray<keyof E & string>;
  /** Whether a body may send it (its checks are hand-written in the body class). */
  writable: boolean;
  /** Whether a record the caller cannot open shows it; default false: hidden (its columns emptied). */
  shownWhenLocked: boolean;
  // No documentation keys: the hand-written properties' texts are keyed by their place (`Event.cost`).
}

/** A declaration the machinery handles: body property, response property, write and filter. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyValueField = FieldDeclaration<any, FieldType>;
/** Any declaration, whatever its entity and type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = AnyValueField | HandledFieldDeclaration<any>;
export type FieldMap = Record<string, AnyField>;

export const isHandled = (field: AnyField): field is HandledFieldDeclaration => field.type === HANDLED;

/** What the options of a declaration may leave out, and their defaults. */
type FieldOptions<E, T extends FieldType> = Partial<Omit<FieldDeclaration<E, T>, 'type' | 'column' | 'example' | 'docs'>> &
  Pick<FieldDeclaration<E, T>, 'example'> & { docs?: FieldDocs | string };

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'url', 'email']);

export const isTextType = (type: FieldType): boolean => TEXT_TYPES.has(type);

function declare<E, T extends FieldType>(type: T, column: keyof E & string, options: FieldOptions<E, T>): FieldDeclaration<E, T> {
  const { docs, ...rest } = options;
  return {
    type,
    column,
    writable: true,
    initial: isTextType(type) ? '' : type === 'flag' ? false : null,
    emptyIsNull: false,
    shownWhenLocked: false,
    compare: isTextType(type) ? 'text' : 'exact',
    ...rest,
    // One key for both: the response's and the body's texts are then the same.
    docs: typeof docs === 'string' ? { body: docs, record: docs } : (docs ?? {}),
  };
}

/**
 * The declaration builders for one entity: `field.text('address', { maxLength: 255, example: '…' })`.
 * The entity type checks each column name.
 */
export function fieldsOf<E>() {
  return {
    text: (column: keyof E & string, options: FieldOptions<E, 'text'>) => declare<E, 'text'>('text', column, options),
    /** An http(s) URL, or "" for none. */
    url: (column: keyof E & string, options: FieldOptions<E, 'url'>) => declare<E, 'url'>('url', column, options),
    /** An e-mail address, or "" for none. */
    email: (column: keyof E & string, options: FieldOptions<E, 'email'>) => declare<E, 'email'>('email', column, options),
    flag: (column: keyof E & string, options: FieldOptions<E, 'flag'>) => declare<E, 'flag'>('flag', column, options),
    /** A number; null while unknown, "" in a body clears it. */
    number: (column: keyof E & string, options: FieldOptions<E, 'number'>) => declare<E, 'number'>('number', column, options),
    /** A whole number; null while unknown, "" in a body clears it. */
    integer: (column: keyof E & string, options: FieldOptions<E, 'integer'>) => declare<E, 'integer'>('integer', column, options),
    /**
     * A hand-written field (see HANDLED) computed from `columns` (none for a value that is not a
     * column, such as linked records): `handled(['startUtc', 'timezone'], { shownWhenLocked: true })`.
     */
    handled: (
      columns: ReadonlyArray<keyof E & string>,
      options: Partial<Omit<HandledFieldDeclaration<E>, 'type' | 'columns'>> = {},
    ): HandledFieldDeclaration<E> => ({ type: HANDLED, columns, writable: false, shownWhenLocked: false, ...options }),
  };
}

/** The keys of the fields the machinery handles / the kind handles by hand. */
type ValueKeys<F extends FieldMap> = { [K in keyof F]: F[K] extends HandledFieldDeclaration<never> ? never : K }[keyof F];
export type HandledKeys<F extends FieldMap> = Exclude<keyof F, ValueKeys<F>>;

type ValueTypeOf<D> = D extends FieldDeclaration<never, infer T> ? T : never;

/** The body fields of a declaration list, each optional (hand-written ones are the body class's own). */
export type BodyOf<F extends FieldMap> = { [K in ValueKeys<F>]?: BodyValueOf<ValueTypeOf<F[K]>> };

/** The response fields of a declaration list the machinery maps. */
export type RecordOf<F extends FieldMap> = { [K in ValueKeys<F>]: RecordValueOf<ValueTypeOf<F[K]>> };

/** Every declaration, hand-written ones included. */
export const declaredEntries = (fields: FieldMap): Array<[string, AnyField]> => Object.entries(fields);

/** The declarations the machinery handles. */
export const valueEntries = (fields: FieldMap): Array<[string, AnyValueField]> =>
  declaredEntries(fields).filter((entry): entry is [string, AnyValueField] => !isHandled(entry[1]));
