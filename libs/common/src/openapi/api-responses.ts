import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { docsKey } from './docs-key';

/*
 * Success responses of the resource controllers, one decorator per kind of route. The
 * descriptions are catalogue keys (docs.json), translated per language when the document is served.
 * Error answers are not declared per route: the API document adds every error status a route can
 * answer from one table (apps/api/src/swagger/operation-responses.ts).
 */

const PAGE_HEADERS: HeadersObject = {
  'X-TEC-Total': { description: docsKey('headers.total'), schema: { type: 'integer' }, required: true },
  'X-TEC-TotalPages': { description: docsKey('headers.total_pages'), schema: { type: 'integer' }, required: true },
  Link: { description: docsKey('headers.link'), schema: { type: 'string' } },
};

const LOCATION_HEADER: HeadersObject = {
  Location: { description: docsKey('headers.location'), schema: { type: 'string', format: 'uri' }, required: true },
};

/** `GET /<collection>`: a page of records. */
export const ApiListResponses = (list: Type) =>
  applyDecorators(ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.list'), type: list, headers: PAGE_HEADERS }));

/** `POST /<collection>`. */
export const ApiCreateResponses = (record: Type) =>
  applyDecorators(
    ApiResponse({ status: HttpStatus.CREATED, description: docsKey('responses.created'), type: record, headers: LOCATION_HEADER }),
  );

/** `GET /<collection>/{id}` and by slug. */
export const ApiReadResponses = (record: Type) =>
  applyDecorators(ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.record'), type: record }));

/** `POST|PUT|PATCH /<collection>/{id}` and by slug. */
export const ApiUpdateResponses = (record: Type) =>
  applyDecorators(ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.updated'), type: record }));

/** `DELETE` on an event, venue or organizer: to the trash, or for good with `force=true`. */
export const ApiTrashResponses = (record: Type, deleted: Type) =>
  applyDecorators(
    ApiExtraModels(record, deleted),
    ApiResponse({
      status: HttpStatus.OK,
      description: docsKey('responses.trashed'),
      schema: { oneOf: [{ $ref: getSchemaPath(record) }, { $ref: getSchemaPath(deleted) }] },
    }),
  );

/** `DELETE` on a category or tag: removed for good at once. */
export const ApiTermDeleteResponses = (term: Type) =>
  applyDecorators(ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.term_deleted'), type: term }));
