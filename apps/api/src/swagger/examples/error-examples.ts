import { ApiError, DOCS_KEY_PREFIX, Errors } from '@app/common';
import { EVENT_KIND, ORGANIZER_KIND, PostErrors, PostKind, VENUE_KIND } from '@app/posts';
import { termNotFound } from '@app/terms';
import { importNotFound } from '../../imports/import-sources.service';

/** The error body a service answers with for an error, in the document's language (ErrorResponder). */
export type ErrorBodyOf = (error: ApiError) => Record<string, unknown>;

const POST_KINDS: Record<string, PostKind> = { events: EVENT_KIND, venues: VENUE_KIND, organizers: ORGANIZER_KIND };
const EXAMPLE_ID = 4711;

/**
 * The error a documented response stands for, by the catalogue key of its description and the
 * collection of its path: 404 on an event is `rest-event-not-found`, on a tag `rest_term_invalid`.
 * Undefined for a response this table does not know (its example stays the Error schema's).
 */
export function documentedError(descriptionKey: string, path: string): ApiError | undefined {
  const collection = path.split('/')[1] ?? '';
  const kind = POST_KINDS[collection];
  const isTerm = collection === 'categories' || collection === 'tags';
  switch (descriptionKey.startsWith(DOCS_KEY_PREFIX) ? descriptionKey.slice(DOCS_KEY_PREFIX.length) : descriptionKey) {
    case 'responses.invalid_body':
      return Errors.invalidParam(isTerm ? 'parent' : 'start_date', isTerm ? 'validation.termExists' : 'validation.date');
    case 'responses.invalid_query':
      return isTerm || kind
        ? Errors.invalidParam('per_page', 'validation.min', { c0: 1 })
        : Errors.invalidParam('translation_language', 'validation.isIn', { c0: 'en, de' });
    case 'responses.invalid_token':
      return Errors.invalidToken();
    case 'responses.unauthenticated':
      return Errors.unauthenticated();
    case 'responses.forbidden':
    case 'responses.forbidden_record':
      return Errors.forbidden();
    case 'responses.not_readable':
      return kind ? PostErrors.notAccessible(kind) : Errors.forbidden();
    case 'responses.record_not_found':
      if (collection === 'imports') return importNotFound(EXAMPLE_ID);
      return kind ? PostErrors.notFound(kind, { id: EXAMPLE_ID }) : isTerm ? termNotFound() : undefined;
    case 'responses.page_not_found':
      return Errors.archivePageNotFound(kind ? kind.name : 'term');
    case 'responses.in_trash':
      return kind ? PostErrors.inTrash(kind) : undefined;
    case 'responses.precondition_failed':
      return Errors.preconditionFailed();
    case 'responses.payload_too_large':
      return Errors.payloadTooLarge();
    case 'responses.unsupported_media_type':
      return Errors.unsupportedMediaType();
    case 'responses.too_many_requests':
      return Errors.tooManyRequests(42, 10);
    case 'responses.unavailable':
      return Errors.unavailable(1);
    case 'responses.namespace_not_found':
      return new ApiError(404, 'rest_invalid_namespace', 'errors.rest_invalid_namespace');
    default:
      return undefined;
  }
}
