import { splitList } from '@app/common';

/**
 * A write to one occurrence (`scope=this`) compares each field of the body with the value the
 * occurrence's answer shows: a field sent back unchanged is no exception, so a `PUT` of a `GET`
 * body is accepted, and the exception keeps only what the body really changes (docs/api-rules.md,
 * Recurring events).
 */
export function fieldsShownUnchanged(body: Record<string, unknown>, shown: Record<string, unknown>): string[] {
  return Object.entries(body)
    .filter(([field, value]) => value !== undefined && field in shown && sameAsShown(field, value, shown[field]))
    .map(([field]) => field);
}

/** Whether a sent value means what the answer shows for the field. */
export function sameAsShown(field: string, sent: unknown, shown: unknown): boolean {
  switch (field) {
    case 'categories':
    case 'tags':
      return sameTerms(sent, shown);
    case 'venue':
    case 'organizer':
      return samePlaces(sent, shown);
    case 'image':
      return sameImage(sent, shown);
    case 'recurrence':
      return sameRecurrence(sent, shown);
    default:
      return samePlain(sent, shown);
  }
}

function samePlain(sent: unknown, shown: unknown): boolean {
  if (sent === shown) return true;
  if (isScalar(sent) && isScalar(shown)) return String(sent) === String(shown);
  return JSON.stringify(sent) === JSON.stringify(shown);
}

function isScalar(value: unknown): value is string | number | boolean {
  return ['string', 'number', 'boolean'].includes(typeof value);
}

/** The ID an item names when it is an ID, a numeric string or an object with `id`. */
function idOf(item: unknown): number | undefined {
  if (typeof item === 'number' && Number.isSafeInteger(item)) return item;
  if (typeof item === 'string' && /^\d+$/.test(item.trim())) return Number(item.trim());
  if (item && typeof item === 'object' && !Array.isArray(item)) return idOf((item as { id?: unknown }).id);
  return undefined;
}

function asList(value: unknown): unknown[] {
  if (value === '' || value === null) return [];
  return Array.isArray(value) ? value : splitList(value);
}

/** Terms by ID, slug or name, in any order, as the event's terms show them. */
function sameTerms(sent: unknown, shown: unknown): boolean {
  if (!Array.isArray(shown)) return false;
  const terms = shown as Array<{ id: number; slug: string; name: string }>;
  const named = asList(sent).map((item) => {
    const id = idOf(item);
    if (id !== undefined) return id;
    const text = typeof item === 'string' ? item.trim() : undefined;
    return terms.find((term) => term.slug === text || term.name === text)?.id;
  });
  if (named.some((id) => id === undefined)) return false;
  const sentIds = new Set(named);
  return sentIds.size === terms.length && terms.every((term) => sentIds.has(term.id));
}

/** Venues or organizers by ID (or `{id}`), in order; `0`, `[0]` and `[]` mean none. */
function samePlaces(sent: unknown, shown: unknown): boolean {
  const sentIds = asList(sent)
    .map(idOf)
    .filter((id) => id !== 0);
  const shownIds = (Array.isArray(shown) ? shown : [shown]).map(idOf);
  return sentIds.length === shownIds.length && sentIds.every((id, i) => id !== undefined && id === shownIds[i]);
}

/** An image by ID or URL; none as `false`, `""`, `0` or `null`. */
function sameImage(sent: unknown, shown: unknown): boolean {
  const none = sent === false || sent === '' || sent === null || sent === 0 || sent === '0';
  if (shown === false || !shown || typeof shown !== 'object') return none;
  const image = shown as { id: number; url: string };
  return idOf(sent) === image.id || sent === image.url;
}

/** A rule as the answer shows it; its `text` is the service's own and not compared. */
function sameRecurrence(sent: unknown, shown: unknown): boolean {
  if (sent === null || shown === null) return sent === shown;
  if (!sent || typeof sent !== 'object' || !shown || typeof shown !== 'object') return false;
  const given = sent as { rrule?: unknown; rdates?: unknown; exdates?: unknown };
  const current = shown as { rrule: string; rdates: string[]; exdates: string[] };
  const rrule = typeof given.rrule === 'string' ? given.rrule.trim().replace(/^RRULE:/i, '') : given.rrule;
  return (
    rrule === current.rrule &&
    JSON.stringify(given.rdates ?? []) === JSON.stringify(current.rdates) &&
    JSON.stringify(given.exdates ?? []) === JSON.stringify(current.exdates)
  );
}
