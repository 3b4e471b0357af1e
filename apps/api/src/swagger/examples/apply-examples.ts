import { API_NAMESPACE, Language } from '@app/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { documentedError, ErrorBodyOf } from './error-examples';
import { EXAMPLE_TEXTS } from './example-texts';
import { importExamples } from './import-examples';
import * as input from './input-examples';
import * as records from './record-examples';

type Example = Record<string, unknown>;
type Examples = { properties: Record<string, Example>; schemas: Record<string, unknown>; bodies: Record<string, Example> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function indexExamples(language: Language): Record<string, Example> {
  const base = records.restBase(language);
  const link = { href: `${base}/events` };
  const arg = {
    type: 'array',
    description: EXAMPLE_TEXTS[language].indexArg,
    required: false,
    default: ['publish'],
    enum: ['publish', 'future', 'draft', 'pending', 'private', 'trash'],
    items: { type: 'string' },
  };
  const endpoint = { methods: ['GET'], args: { status: arg } };
  const route = {
    namespace: API_NAMESPACE,
    methods: ['GET', 'POST'],
    endpoints: [endpoint],
    _links: { self: [link] },
    schema: { type: 'object', properties: { events: { type: 'array' } } },
  };
  const index = {
    namespace: API_NAMESPACE,
    routes: { [`/${API_NAMESPACE}/events`]: route },
    _links: { self: [{ href: base }], describedby: [{ href: `${base}/doc` }] },
  };
  return { IndexLink: link, IndexArg: arg, IndexEndpoint: endpoint, IndexRoute: route, NamespaceIndex: index };
}

/** Every example of one language's document, by the name of the schema it illustrates. */
function examplesFor(language: Language): Examples {
  const event: Example = { ...records.eventExample(language), json_ld: records.jsonLdExample(language) };
  const venue = {
    ...records.venueExample(language),
    json_ld: { '@context': 'https://schema.org', '@type': 'Place', name: EXAMPLE_TEXTS[language].venue.name },
  };
  const organizer = {
    ...records.organizerExample(language),
    json_ld: { '@context': 'https://schema.org', '@type': 'Organization', name: EXAMPLE_TEXTS[language].organizer.name },
  };
  const category = records.categoryExample(language);
  const error = records.errorExample(language);
  const venueInput = input.venueInputs(language);
  const organizerInput = input.organizerInputs(language);
  const imports = importExamples(language);
  const properties: Record<string, Example> = {
    Event: event,
    Venue: venue,
    Organizer: organizer,
    Term: category,
    TermUrls: category.urls as Example,
    Image: records.imageExample(),
    DateDetails: event.start_date_details as Example,
    CostDetails: event.cost_details as Example,
    Recurrence: records.recurrenceExample(language),
    RecurrenceInput: input.namedInputExamples(language).RecurrenceInput as Example,
    EventList: records.listExample(language, 'events', records.eventExample(language)),
    VenueList: records.listExample(language, 'venues', records.venueExample(language)),
    OrganizerList: records.listExample(language, 'organizers', records.organizerExample(language)),
    CategoryList: records.listExample(language, 'categories', category),
    TagList: records.listExample(language, 'tags', records.tagExamples(language)[0]),
    DeletedEvent: { deleted: true, previous: records.eventExample(language) },
    DeletedVenue: { deleted: true, previous: records.venueExample(language) },
    DeletedOrganizer: { deleted: true, previous: records.organizerExample(language) },
    Error: error,
    ErrorData: error.data as Example,
    CreateEventDto: input.eventFields(language),
    UpdateEventDto: { ...input.eventFields(language), scope: 'this' },
    CreateVenueDto: venueInput.fields,
    UpdateVenueDto: venueInput.fields,
    CreateOrganizerDto: organizerInput.fields,
    UpdateOrganizerDto: organizerInput.fields,
    CreateCategoryDto: input.categoryFields(language),
    UpdateCategoryDto: input.categoryFields(language),
    CreateTagDto: input.tagFields(language),
    UpdateTagDto: input.tagFields(language),
    RecordIdReference: { id: records.venueExample(language).id },
    ...indexExamples(language),
    ...imports.properties,
  };
  const bodies: Record<string, Example> = {
    CreateEventDto: input.eventBody(language),
    UpdateEventDto: input.eventUpdateBody(language),
    CreateVenueDto: venueInput.body,
    UpdateVenueDto: venueInput.update,
    CreateOrganizerDto: organizerInput.body,
    UpdateOrganizerDto: organizerInput.update,
    CreateCategoryDto: input.categoryBody(language),
    UpdateCategoryDto: input.categoryUpdateBody(language),
    CreateTagDto: input.tagBody(language),
    UpdateTagDto: input.tagUpdateBody(language),
    ...imports.bodies,
  };
  return { properties, schemas: input.namedInputExamples(language), bodies };
}

const refName = (schema: SchemaObject | ReferenceObject | undefined) =>
  schema && '$ref' in schema ? schema.$ref.split('/').pop() : undefined;

/**
 * Puts realistic examples into a language's document (examples are values, so they are not
 * translated but chosen per language): on every property of the record, body, list, error and
 * index schemas, on the named input shapes, on every request body (the body Swagger UI pre-fills
 * for "Try it out"), and on every error response, the very body the service answers with. Runs
 * on the untranslated document, whose response descriptions are still catalogue keys, and
 * changes it in place.
 */
export function applyExamples(document: OpenAPIObject, language: Language, errorBodyOf: ErrorBodyOf): void {
  const { properties, schemas, bodies } = examplesFor(language);
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {}) as Array<[string, SchemaObject]>) {
    if (name in schemas) schema.example = schemas[name];
    const example = properties[name];
    if (!example) continue;
    for (const [property, definition] of Object.entries(schema.properties ?? {})) {
      if (!(property in example)) continue;
      // A bare $ref takes no siblings in OpenAPI 3.0: wrapped, it can carry its example.
      const target = '$ref' in definition ? { allOf: [{ $ref: definition.$ref }] } : definition;
      (target as SchemaObject).example = example[property];
      if (schema.properties) schema.properties[property] = target;
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      for (const media of Object.values((operation.requestBody as RequestBodyObject | undefined)?.content ?? {})) {
        const body = bodies[refName(media.schema) ?? ''];
        if (body) media.example = body;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {}) as Array<[string, ResponseObject]>) {
        const error = Number(status) >= 400 ? documentedError(response.description, path) : undefined;
        const media = response.content?.['application/json'];
        if (error && media) media.example = errorBodyOf(error);
      }
    }
  }
}
