import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { docsKey } from './docs-key';
import { ErrorBody } from './error-body.response';

/*
 * Response documentation for the resource controllers, one decorator per kind of route. The
 * descriptions are catalogue keys (docs.json), translated per language when the document is served.
 */

const PAGE_HEADERS: HeadersObject = {
  'X-TEC-Total': { description: docsKey('headers.total'), schema: { type: 'integer' } },
  'X-TEC-TotalPages': { description: docsKey('headers.total_pages'), schema: { type: 'integer' } },
  Link: { description: docsKey('headers.link'), schema: { type: 'string' } },
};

const LOCATION_HEADER: HeadersObject = {
  Location: { description: docsKey('headers.location'), schema: { type: 'string', format: 'uri' } },
};

/** An error answer of a route, with the error body (contract §8). */
export const ApiFailure = (status: HttpStatus, key: string) =>
  ApiResponse({ status, description: docsKey(`responses.${key}`), type: ErrorBody });
const failure = ApiFailure;

/** `GET /<collection>`: a page of records. */
export const ApiListResponses = (list: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.list'), type: list, headers: PAGE_HEADERS }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_query'),
    failure(HttpStatus.UNAUTHORIZED, 'invalid_token'),
    failure(HttpStatus.NOT_FOUND, 'page_not_found'),
  );

/** `POST /<collection>`. */
export const ApiCreateResponses = (record: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.CREATED, description: docsKey('responses.created'), type: record, headers: LOCATION_HEADER }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_body'),
    failure(HttpStatus.UNAUTHORIZED, 'unauthenticated'),
    failure(HttpStatus.FORBIDDEN, 'forbidden'),
  );

/** `GET /<collection>/{id}` and by slug. */
export const ApiReadResponses = (record: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.record'), type: record }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_query'),
    failure(HttpStatus.UNAUTHORIZED, 'invalid_token'),
    failure(HttpStatus.FORBIDDEN, 'not_readable'),
    failure(HttpStatus.NOT_FOUND, 'record_not_found'),
  );

/** `POST|PUT|PATCH /<collection>/{id}` and by slug. */
export const ApiUpdateResponses = (record: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.updated'), type: record }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_body'),
    failure(HttpStatus.UNAUTHORIZED, 'unauthenticated'),
    failure(HttpStatus.FORBIDDEN, 'forbidden_record'),
    failure(HttpStatus.NOT_FOUND, 'record_not_found'),
  );

/** `DELETE` on an event, venue or organizer: to the trash, or for good with `force=true`. */
export const ApiTrashResponses = (record: Type, deleted: Type) =>
  applyDecorators(
    ApiExtraModels(record, deleted),
    ApiResponse({
      status: HttpStatus.OK,
      description: docsKey('responses.trashed'),
      schema: { oneOf: [{ $ref: getSchemaPath(record) }, { $ref: getSchemaPath(deleted) }] },
    }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_query'),
    failure(HttpStatus.UNAUTHORIZED, 'unauthenticated'),
    failure(HttpStatus.FORBIDDEN, 'forbidden_record'),
    failure(HttpStatus.NOT_FOUND, 'record_not_found'),
    failure(HttpStatus.GONE, 'in_trash'),
  );

/** `DELETE` on a category or tag: removed for good at once. */
export const ApiTermDeleteResponses = (term: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.term_deleted'), type: term }),
    failure(HttpStatus.BAD_REQUEST, 'invalid_query'),
    failure(HttpStatus.UNAUTHORIZED, 'unauthenticated'),
    failure(HttpStatus.FORBIDDEN, 'forbidden'),
    failure(HttpStatus.NOT_FOUND, 'record_not_found'),
  );
