import { toPlainText } from '@app/common';
import { Term } from '@app/domain';
import { fieldsOf, initialFields } from '@app/posts';

const field = fieldsOf<Term>();

/**
 * The description column is a MySQL TEXT (65,535 bytes). At up to four bytes per character this many
 * characters always fit, so a longer description is a 400 rather than a database error.
 */
const MAX_TERM_DESCRIPTION_LENGTH = 16_000;

/**
 * Every field of a category or tag as returned, in order (README, Extending a module). A term has
 * no password, so no caller ever gets a locked view of one: no field says `shownWhenLocked`, and
 * an event the caller cannot open shows no terms at all. Terms are not deduplicated by their
 * fields either (a taken name is a 400 `term_exists`), so `compare` is not read.
 *
 * `description` is the machinery's (body check and schema, response, write as plain text). The
 * rest is hand-written: the name (required on create, unique per parent), the slug (generated
 * from the name when absent or "", unique per taxonomy), `parent` (categories' bodies only; 0, ""
 * or null for none) and what the service computes.
 */
export const TERM_FIELDS = {
  id: field.handled(['id']),
  name: field.handled(['name'], { writable: true }),
  slug: field.handled(['slug'], { writable: true }),
  description: field.text('description', {
    maxLength: MAX_TERM_DESCRIPTION_LENGTH,
    store: toPlainText,
    example: 'Concerts of jazz and its offshoots.',
  }),
  taxonomy: field.handled(['taxonomy']),
  parent: field.handled(['parentId'], { writable: true }),
  count: field.handled(['count']),
  url: field.handled(['slug', 'parentId']),
  meta: field.handled([]),
  urls: field.handled(['id', 'parentId']),
};

/** A new term's declared fields before a body writes them. */
export const newTermFields = (): Pick<Term, 'description'> => initialFields<Term>(TERM_FIELDS) as Pick<Term, 'description'>;
