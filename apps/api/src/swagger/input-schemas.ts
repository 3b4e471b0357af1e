import { docsKey, NAMED_INPUT_SCHEMAS } from '@app/common';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/*
 * Named shapes of the write fields that take several forms (TypeScript's `unknown` and unions give
 * the Swagger plugin nothing to say), referenced by `@ApiNamedSchema()` on the DTOs. Generated
 * clients get one type for each: an event's `venue` is a `VenueReferences`, each item a
 * `VenueReference`, a new venue in it a `CreateVenueDto`.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A venue or an organizer an event names: its ID (0: none), `{id}`, or a new record (created with the event). */
const linkedRecordReference = (kind: 'venue' | 'organizer', createDto: string): SchemaObject => ({
  description: docsKey(`schemas.${kind === 'venue' ? 'VenueReference' : 'OrganizerReference'}`),
  // anyOf, not oneOf: `{id, ...}` also has the shape of a new record, and the `id` wins (README, API decisions).
  anyOf: [{ type: 'integer', minimum: 0 }, ref('RecordIdReference'), ref(createDto)],
});

/**
 * One of them, a list of them (`venue[]=12&venue[]=7` in a form), or their IDs as one
 * comma-separated text (`venue=12,7`; "" removes all).
 */
const linkedRecordReferences = (kind: 'venue' | 'organizer', item: string): SchemaObject => ({
  description: docsKey(`schemas.${kind === 'venue' ? 'VenueReferences' : 'OrganizerReferences'}`),
  anyOf: [
    ref(item),
    { type: 'array', items: ref(item) },
    { type: 'string', pattern: '^[\\d\\s,]*$', description: docsKey('schemas.CommaSeparatedIds') },
  ],
});

export const EVENT_INPUT_SCHEMAS: Record<string, SchemaObject> = {
  ...NAMED_INPUT_SCHEMAS,
  CostInput: {
    description: docsKey('schemas.CostInput'),
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } }],
  },
  // anyOf, not oneOf: in a form every value is text, and `5` reads as an ID and as a slug alike.
  TermReference: { description: docsKey('schemas.TermReference'), anyOf: [{ type: 'integer' }, { type: 'string' }] },
  TermReferences: {
    description: docsKey('schemas.TermReferences'),
    anyOf: [{ type: 'array', items: ref('TermReference') }, { type: 'string' }],
  },
  RecordIdReference: {
    type: 'object',
    description: docsKey('schemas.RecordIdReference'),
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, description: docsKey('schemas.RecordIdReference_id') } },
  },
  RecurrenceInput: {
    type: 'object',
    description: docsKey('schemas.RecurrenceInput'),
    required: ['rrule'],
    properties: {
      rrule: { type: 'string', example: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10', description: docsKey('schemas.RecurrenceInput_rrule') },
      rdates: { type: 'array', items: ref('DateInput'), description: docsKey('schemas.RecurrenceInput_rdates') },
      exdates: { type: 'array', items: ref('DateInput'), description: docsKey('schemas.RecurrenceInput_exdates') },
    },
  },
  VenueReference: linkedRecordReference('venue', 'CreateVenueDto'),
  VenueReferences: linkedRecordReferences('venue', 'VenueReference'),
  OrganizerReference: linkedRecordReference('organizer', 'CreateOrganizerDto'),
  OrganizerReferences: linkedRecordReferences('organizer', 'OrganizerReference'),
};
