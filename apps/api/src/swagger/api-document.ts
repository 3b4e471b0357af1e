import { API_NAMESPACE, docsKey, ErrorBody, LANGUAGES } from '@app/common';
import { ImageResponse } from '@app/posts';
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
  SchemaObject,
  SecurityRequirementObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { accessRulesByOperation, operationIdOf } from './operation-access';
import { declareErrorResponses, RouteTraits } from './operation-responses';
import { CreateOrganizerDto } from '../organizers/dto/create-organizer.dto';
import { CreateVenueDto } from '../venues/dto/create-venue.dto';
import { VenueResponse } from '../venues/dto/venue.response';
import { EventImportResponse } from '../events/dto/event.response';
import { ImportErrorResponse, ImportReportResponse } from '../imports/dto/import-source.response';
import { EVENT_INPUT_SCHEMAS } from './input-schemas';

const BEARER_SCHEME = 'bearer';
const BASIC_SCHEME = 'basic';
const CREDENTIALS: SecurityRequirementObject[] = [{ [BEARER_SCHEME]: [] }, { [BASIC_SCHEME]: [] }];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const NAMESPACE_PREFIX = `/${API_NAMESPACE}`;

/**
 * The OpenAPI document of the namespace as Nest and the Swagger plugin see it, made relative to the
 * namespace (the server URL carries it) and completed where metadata cannot say it. Its prose is
 * still source text: English DTO comments and `docs.` keys, translated per language later.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(docsKey('api.title'))
    .setDescription(docsKey('api.description'))
    .setVersion('1')
    // Tokens are opaque `cal_...` strings, not JWTs (the builder's default format).
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: docsKey('security.bearer') }, BEARER_SCHEME)
    .addBasicAuth({ type: 'http', scheme: 'basic', description: docsKey('security.basic') }, BASIC_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: operationIdOf,
    // Referenced only inside `oneOf`s (`image`, an event's `venue`, a new venue or organizer in an
    // event body), which Nest does not follow.
    // The error body is referenced by the error answers operation-responses.ts adds.
    extraModels: [
      ImageResponse,
      VenueResponse,
      CreateVenueDto,
      CreateOrganizerDto,
      ErrorBody,
      EventImportResponse,
      ImportErrorResponse,
      ImportReportResponse,
    ],
  });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...EVENT_INPUT_SCHEMAS } };
  nullableRecord(document, 'Event', 'recurrence', 'Recurrence');
  nullableRecord(document, 'Event', 'import', 'EventImport');
  nullableRecord(document, 'ImportSource', 'last_error', 'ImportError');
  nullableRecord(document, 'ImportSource', 'last_report', 'ImportReport');
  const access = accessRulesByOperation(app);

  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    // Only the namespace is documented: the server URL ends in it (health checks are excluded anyway).
    if (path !== NAMESPACE_PREFIX && !path.startsWith(`${NAMESPACE_PREFIX}/`)) continue;
    const relative = path.slice(NAMESPACE_PREFIX.length) || '/';
    paths[relative] = item;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const needsCredentials = access.has(operation.operationId ?? '');
      completeOperation(operation, needsCredentials);
      declareErrorResponses(operation, { method: method as RouteTraits['method'], path: relative, needsCredentials });
    }
  }
  document.paths = paths;
  document.tags = tagsOf(paths);
  return document;
}

/**
 * A record field that holds a schema or null: Nest writes `nullable` beside a `oneOf` without a
 * `type`, which OpenAPI 3.0 validators refuse, so the type is given here.
 */
function nullableRecord(document: OpenAPIObject, schema: string, field: string, target: string): void {
  const properties = (document.components?.schemas?.[schema] as SchemaObject | undefined)?.properties;
  const property = properties?.[field] as SchemaObject | undefined;
  if (!properties || !property) return;
  properties[field] = {
    type: 'object',
    nullable: true,
    description: property.description,
    oneOf: [{ $ref: `#/components/schemas/${target}` }, { type: 'object', nullable: true, enum: [null] }],
  };
}

function completeOperation(operation: OperationObject, needsCredentials: boolean): void {
  operation.summary ??= docsKey(`${operation.operationId}.summary`);
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  for (const parameter of parameters) {
    if (parameter.in !== 'path') continue;
    parameter.description ??= docsKey(`parameters.${parameter.name}`);
    // Path IDs are digits only (docs/api-rules.md, Errors); TypeScript's `number` cannot say "integer".
    if (parameter.schema && 'type' in parameter.schema && parameter.schema.type === 'number') parameter.schema.type = 'integer';
  }
  for (const parameter of parameters) if (parameter.in === 'query') acceptCommaSeparated(parameter);
  acceptForms(operation.requestBody as RequestBodyObject | undefined);
  // Every route takes the language parameter (docs/api-rules.md, Addresses and languages), in the query or the body; list it where no DTO does.
  if (!parameters.some((parameter) => parameter.name === 'translation_language')) {
    parameters.push({
      name: 'translation_language',
      in: 'query',
      required: false,
      description: docsKey('parameters.translation_language'),
      schema: { type: 'string', enum: [...LANGUAGES] },
    });
  }
  operation.parameters = parameters;
  // Reads work anonymously and show more with credentials; writes need them.
  operation.security = needsCredentials ? CREDENTIALS : [{}, ...CREDENTIALS];
}

/**
 * A list filter takes repeated parameters (`status=a&status=b`, an array) or one comma-separated
 * value (`status=a,b`, a string) (docs/api-rules.md, Lists): both forms are described, the list first.
 */
function acceptCommaSeparated(parameter: ParameterObject): void {
  const schema = parameter.schema as SchemaObject | undefined;
  if (schema?.type !== 'array') return;
  const { default: defaultValue, ...list } = schema;
  parameter.schema = {
    oneOf: [list, { type: 'string', description: docsKey('schemas.CommaSeparatedList') }],
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  };
}

/** Bodies are JSON or a form (docs/api-rules.md, Writes): the same fields in either media type, JSON first (Swagger UI's choice). */
function acceptForms(body: RequestBodyObject | undefined): void {
  const json = body?.content['application/json'];
  if (body && json) body.content = { 'application/json': json, 'application/x-www-form-urlencoded': { schema: json.schema } };
}

function tagsOf(paths: Record<string, PathItemObject>) {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) for (const tag of item[method]?.tags ?? []) names.add(tag);
  }
  return [...names].map((name) => ({ name, description: docsKey(`tags.${name}`) }));
}
