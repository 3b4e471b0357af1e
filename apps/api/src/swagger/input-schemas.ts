import type { ApiPropertyOptions } from '@nestjs/swagger';

/*
 * Documented shapes of write fields that take several forms, for `@ApiPropertyOptional()` on the
 * DTOs (TypeScript's `unknown` and unions give the Swagger plugin nothing to say).
 */

const ID_OR_TEXT = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
const ID_OR_RECORD = { oneOf: [{ type: 'integer' }, { type: 'object', additionalProperties: true }] };

/** An event's `categories`/`tags`: IDs, slugs or names, as a list or comma-separated text. */
export const TERM_REFERENCES: ApiPropertyOptions = { oneOf: [{ type: 'array', items: ID_OR_TEXT }, { type: 'string' }] };

/** An event's `venue`/`organizer`: an ID, `{id}`, a new record, a list of these, or "" to remove. */
export const RECORD_REFERENCES: ApiPropertyOptions = {
  oneOf: [...ID_OR_RECORD.oneOf, { type: 'array', items: ID_OR_RECORD }, { type: 'string', enum: [''] }],
};

/** An event's `cost`: text, a number, or a list of them. */
export const COST_INPUT: ApiPropertyOptions = {
  oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } }],
};

/** A venue's `geo_lat`/`geo_lng`: degrees, or "" to clear. */
export const coordinateInput = (limit: number): ApiPropertyOptions => ({
  oneOf: [
    { type: 'number', minimum: -limit, maximum: limit },
    { type: 'string', enum: [''] },
  ],
});
