import type { OpenAPIV3 } from 'openapi-types';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Limits a client must respect, listed beside a property's type. */
const LIMITS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'] as const;

/** A schema in one line: `Venue`, `array<integer>`, `oneOf(DateInput | integer) nullable`. */
function shapeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if ('$ref' in schema) return schema.$ref.split('/').pop() ?? schema.$ref;
  const parts: string[] = [];
  for (const union of ['oneOf', 'anyOf', 'allOf'] as const) {
    const members = schema[union];
    if (members) parts.push(`${union}(${members.map(shapeOf).join(' | ')})`);
  }
  if (schema.type === 'array') parts.push(`array<${shapeOf(schema.items)}>`);
  else if (schema.type) parts.push(schema.format ? `${schema.type}(${schema.format})` : schema.type);
  if (schema.enum) parts.push(`enum[${schema.enum.map((value) => JSON.stringify(value)).join(', ')}]`);
  for (const limit of LIMITS) if (schema[limit] !== undefined) parts.push(`${limit}=${String(schema[limit])}`);
  if (schema.default !== undefined) parts.push(`default=${JSON.stringify(schema.default)}`);
  if (schema.nullable) parts.push('nullable');
  return parts.join(' ') || 'any';
}

function operationLines(method: string, path: string, operation: OpenAPIV3.OperationObject): string[] {
  const anonymous = (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
  const lines = [`${method.toUpperCase()} ${path}  ${operation.operationId ?? '(no operationId)'}${anonymous ? '' : '  (credentials)'}`];
  for (const parameter of (operation.parameters ?? []) as OpenAPIV3.ParameterObject[]) {
    lines.push(`  ${parameter.in} ${parameter.name}${parameter.required ? ' (required)' : ''}: ${shapeOf(parameter.schema)}`);
  }
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  if (body) {
    const [first] = Object.values(body.content);
    lines.push(`  body ${Object.keys(body.content).join(', ')}: ${shapeOf(first?.schema)}`);
  }
  for (const [status, response] of Object.entries(operation.responses) as Array<[string, OpenAPIV3.ResponseObject]>) {
    const content = Object.entries(response.content ?? {}).map(([type, media]) => `${type} ${shapeOf(media.schema)}`);
    const headers = Object.keys(response.headers ?? {});
    lines.push(`  ${status}${content.length ? `: ${content.join(', ')}` : ''}${headers.length ? `  headers ${headers.join(', ')}` : ''}`);
  }
  return lines;
}

function schemaLines(name: string, schema: OpenAPIV3.SchemaObject): string[] {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return [`schema ${name}: ${shapeOf(schema)}`];
  const required = new Set(schema.required ?? []);
  return [
    `schema ${name}`,
    ...properties.map(([property, definition]) => `  ${property}${required.has(property) ? ' (required)' : ''}: ${shapeOf(definition)}`),
  ];
}

/**
 * What clients build on, one fact a line, without texts or examples: every operation (method, path,
 * operation ID, whether it works without credentials, parameters, body, statuses with their media
 * types and headers) and every schema with its properties' shapes. test/fixtures/openapi-snapshot.txt
 * holds the committed copy; `npm run openapi:snapshot` rewrites it.
 */
export function openApiSkeleton(document: OpenAPIV3.Document): string {
  const lines: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) lines.push(...operationLines(method, path, operation));
    }
  }
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    lines.push(...schemaLines(name, schema as OpenAPIV3.SchemaObject));
  }
  for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    lines.push(`security ${name}: ${JSON.stringify(scheme, ['type', 'scheme', 'bearerFormat'])}`);
  }
  return `${lines.join('\n')}\n`;
}
