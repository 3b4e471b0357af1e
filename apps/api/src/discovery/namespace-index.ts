import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** One argument of an endpoint, as WordPress describes it. */
export interface IndexArg {
  type?: string | string[];
  description?: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  items?: Omit<IndexArg, 'required' | 'description'>;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface IndexEndpoint {
  methods: string[];
  args: Record<string, IndexArg>;
}

export interface IndexRoute {
  namespace: string;
  methods: string[];
  endpoints: IndexEndpoint[];
  _links?: { self: Array<{ href: string }> };
  schema?: SchemaObject;
}

export interface NamespaceIndex {
  namespace: string;
  routes: Record<string, IndexRoute>;
  _links: Record<string, Array<{ href: string }>>;
}

interface IndexOptions {
  namespace: string;
  /** Absolute URL of the namespace, without a trailing slash. */
  namespaceUrl: string;
  /** Add each route's response schema (`context=help`). */
  withSchemas: boolean;
}

/** The order WordPress lists methods in; POST/PUT/PATCH of an update end up in one endpoint. */
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Schema keywords an index argument carries over (a subset of WordPress's allowed keywords). */
const CARRIED_KEYWORDS = ['default', 'enum', 'format', 'minimum', 'maximum', 'minLength', 'maxLength'] as const;

/**
 * The WordPress-style namespace index (docs/api-rules.md, Discovery) derived from the OpenAPI document, so both
 * describe the same routes and arguments: paths become regex routes (`/events/(?P<id>\d+)`),
 * parameters and body fields become `args`, and methods with identical args share an endpoint.
 */
export function buildNamespaceIndex(document: OpenAPIObject, options: IndexOptions): NamespaceIndex {
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: SchemaObject | ReferenceObject | undefined): SchemaObject | undefined => {
    if (schema && '$ref' in schema) return resolve(schemas[schema.$ref.split('/').pop() ?? '']);
    // A property of a named schema, `{allOf: [{$ref}], description}`: the named schema with the property's own keywords.
    if (schema?.allOf?.length === 1 && !schema.properties) {
      const { allOf, ...own } = schema;
      return { ...resolve(allOf[0]), ...own };
    }
    return schema;
  };

  const routes: Record<string, IndexRoute> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const endpoints = endpointsOf(item, resolve);
    if (endpoints.length === 0) continue;
    const route: IndexRoute = {
      namespace: options.namespace,
      methods: endpoints.flatMap((endpoint) => endpoint.methods),
      endpoints,
    };
    const relative = path === '/' ? '' : path;
    if (!relative.includes('{')) route._links = { self: [{ href: `${options.namespaceUrl}${relative}` }] };
    if (options.withSchemas) {
      const schema = successSchema(item, resolve);
      if (schema) route.schema = dereference(schema, resolve);
    }
    routes[`/${options.namespace}${routePattern(relative, item)}`] = route;
  }
  return {
    namespace: options.namespace,
    routes,
    _links: { self: [{ href: options.namespaceUrl }], describedby: [{ href: `${options.namespaceUrl}/doc` }] },
  };
}

type Resolve = (schema: SchemaObject | ReferenceObject | undefined) => SchemaObject | undefined;

function operationsOf(item: PathItemObject): Array<[string, OperationObject]> {
  return METHOD_ORDER.flatMap((method) => (item[method] ? [[method.toUpperCase(), item[method]] as [string, OperationObject]] : []));
}

function endpointsOf(item: PathItemObject, resolve: Resolve): IndexEndpoint[] {
  const endpoints: IndexEndpoint[] = [];
  for (const [method, operation] of operationsOf(item)) {
    const args = argsOf(operation, resolve);
    const same = endpoints.find((endpoint) => JSON.stringify(endpoint.args) === JSON.stringify(args));
    if (same) same.methods.push(method);
    else endpoints.push({ methods: [method], args });
  }
  return endpoints;
}

function argsOf(operation: OperationObject, resolve: Resolve): Record<string, IndexArg> {
  const args: Record<string, IndexArg> = {};
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const ordered = [...parameters.filter((p) => p.in === 'path'), ...parameters.filter((p) => p.in === 'query')];
  for (const parameter of ordered) {
    args[parameter.name] = toArg(
      asList(resolve(parameter.schema)),
      parameter.description,
      parameter.in === 'path' || parameter.required === true,
      resolve,
    );
  }
  const body = resolve((operation.requestBody as RequestBodyObject | undefined)?.content?.['application/json']?.schema);
  for (const [name, property] of Object.entries(body?.properties ?? {})) {
    if (name in args) continue;
    const schema = resolve(property);
    args[name] = toArg(schema, schema?.description, body?.required?.includes(name) ?? false, resolve);
  }
  return args;
}

/**
 * A list filter is documented as a list or its comma-separated string; the index describes it as
 * the list, as WordPress does (`type: array` with its `items`), the string being the same list.
 */
function asList(schema: SchemaObject | undefined): SchemaObject | undefined {
  const list = schema?.oneOf?.find((variant) => 'type' in variant && variant.type === 'array') as SchemaObject | undefined;
  return list ? { ...list, ...(schema?.default !== undefined ? { default: schema.default } : {}) } : schema;
}

function toArg(schema: SchemaObject | undefined, description: string | undefined, required: boolean, resolve: Resolve): IndexArg {
  const { type, items, ...keywords } = describeSchema(schema, resolve);
  // Keys in the order WordPress prints them.
  return {
    ...(type !== undefined ? { type } : {}),
    ...(description !== undefined ? { description } : {}),
    required,
    ...keywords,
    ...(items ? { items } : {}),
  };
}

function describeSchema(schema: SchemaObject | undefined, resolve: Resolve): Omit<IndexArg, 'required'> {
  if (!schema) return {};
  const described: Omit<IndexArg, 'required'> = {};
  const type = typeOf(schema, resolve);
  if (type !== undefined) described.type = type;
  for (const keyword of CARRIED_KEYWORDS) {
    if (schema[keyword] !== undefined) (described as Record<string, unknown>)[keyword] = schema[keyword];
  }
  // A union that takes a list (`categories`: a list or comma-separated text) describes the list's items too.
  const items = resolve(schema.items) ?? resolve(listVariant(schema, resolve)?.items);
  if (items) described.items = describeSchema(items, resolve);
  return described;
}

function listVariant(schema: SchemaObject, resolve: Resolve): SchemaObject | undefined {
  return (schema.oneOf ?? schema.anyOf)?.map((variant) => resolve(variant)).find((variant) => variant?.type === 'array');
}

/** A single type, or a list like WordPress's `['string', 'integer']` for unions and nullable values. */
function typeOf(schema: SchemaObject, resolve: Resolve): string | string[] | undefined {
  const variants = schema.oneOf ?? schema.anyOf;
  const types = variants
    ? [...new Set(variants.flatMap((variant) => [typeOf(resolve(variant) ?? {}, resolve) ?? 'object'].flat()))]
    : schema.type !== undefined
      ? [schema.type]
      : schema.properties || schema.allOf
        ? ['object']
        : [];
  if (schema.nullable && types.length > 0) types.push('null');
  if (types.length === 0) return undefined;
  return types.length === 1 ? types[0] : types;
}

/** `{id}` of an integer becomes `(?P<id>\d+)`, any other parameter `(?P<name>[^/]+)`. */
function routePattern(path: string, item: PathItemObject): string {
  const parameters = operationsOf(item).flatMap(([, operation]) => (operation.parameters ?? []) as ParameterObject[]);
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema as SchemaObject | undefined;
    return `(?P<${name}>${schema?.type === 'integer' ? '\\d+' : '[^/]+'})`;
  });
}

function successSchema(item: PathItemObject, resolve: Resolve): SchemaObject | undefined {
  for (const [, operation] of operationsOf(item)) {
    for (const status of ['200', '201']) {
      const response = operation.responses?.[status] as ResponseObject | undefined;
      const schema = resolve(response?.content?.['application/json']?.schema);
      if (schema) return schema;
    }
  }
  return undefined;
}

/** The schema with every `$ref` replaced by what it points to (the schemas have no cycles). */
function dereference(schema: SchemaObject, resolve: Resolve, seen: string[] = []): SchemaObject {
  const visit = (value: unknown, trail: string[]): unknown => {
    if (Array.isArray(value)) return value.map((entry) => visit(entry, trail));
    if (value === null || typeof value !== 'object') return value;
    if ('$ref' in value && typeof value.$ref === 'string') {
      if (trail.includes(value.$ref)) return { type: 'object' };
      return visit(resolve(value as ReferenceObject), [...trail, value.$ref]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, visit(child, trail)]));
  };
  return visit(schema, seen) as SchemaObject;
}
