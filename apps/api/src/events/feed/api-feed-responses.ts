import { docsKey } from '@app/common';
import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const FEED_HEADERS: HeadersObject = {
  'X-TEC-Total': { description: docsKey('headers.total'), schema: { type: 'integer' }, required: true },
  'X-ICS-Limit': { description: docsKey('headers.ics_limit'), schema: { type: 'integer' } },
  'X-ICS-Truncated': { description: docsKey('headers.ics_truncated'), schema: { type: 'boolean' } },
};

/** A calendar feed answers `text/calendar`; its failures are JSON errors (operation-responses.ts). */
export const ApiFeedResponses = (of: 'list' | 'record') =>
  applyDecorators(
    ApiResponse({
      status: HttpStatus.OK,
      description: docsKey(of === 'list' ? 'responses.feed' : 'responses.feed_event'),
      content: { 'text/calendar': { schema: { type: 'string' } } },
      ...(of === 'list' ? { headers: FEED_HEADERS } : {}),
    }),
  );
