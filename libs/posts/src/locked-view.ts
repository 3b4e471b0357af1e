import { PostRecord } from '@app/domain';

/**
 * What every post-like record shows to a caller who cannot open it (password-protected, not its
 * owner, not an editor): its head (ID, author, status, dates), its name and slug. The password and
 * the published flag stay for the permission checks; nothing of them is ever returned.
 */
export const SHOWN_WHEN_LOCKED: ReadonlyArray<keyof PostRecord> = [
  'id',
  'slug',
  'status',
  'authorId',
  'title',
  'password',
  'wasPublished',
  'publishedUtc',
  'modifiedUtc',
];

/** The empty value of a property that is hidden: "" for text, false, [] or null for the rest. */
function hidden(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'boolean') return false;
  if (Array.isArray(value)) return [];
  return null;
}

/**
 * The record as a caller who cannot open it sees it: the properties `shown` lists keep their
 * values, every other one is emptied. An allow-list, so that a property added later stays hidden
 * until someone decides that a locked record shows it. Every view (answers, embeds, JSON-LD,
 * feeds) is built from this record, so none of them can show more.
 */
export function lockedRecord<T extends PostRecord>(record: T, shown: ReadonlyArray<keyof T>): T {
  const keep = new Set<PropertyKey>(shown);
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) view[key] = keep.has(key) ? value : hidden(value);
  return Object.assign(Object.create(Object.getPrototypeOf(record) as object) as T, view);
}
