import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';

/** Any JSON value but null: a default is an integer, a boolean, a string, a list... */
const ANY_JSON_VALUE = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object' }];

/** A link in the WordPress style. */
@ApiSchema({ name: 'IndexLink' })
export class IndexLinkDto {
  /** Address of the linked resource. */
  href: string;
}

/** How one argument of an endpoint is described. */
@ApiSchema({ name: 'IndexArg' })
export class IndexArgDto {
  /** JSON type of the argument, or a list of types it accepts. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  type: string | string[];

  /** What the argument does, in the request's language. */
  description: string;

  /** Whether the argument must be given. */
  required: boolean;

  /** Value used when the argument is not given. */
  @ApiPropertyOptional({ anyOf: ANY_JSON_VALUE })
  default?: unknown;

  /** The values the argument accepts. */
  @ApiPropertyOptional({ type: 'array', items: {} })
  enum?: unknown[];

  /** Type of the list entries, for list arguments. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  items?: Record<string, unknown>;
}

/** One or more methods of a route that take the same arguments. */
@ApiSchema({ name: 'IndexEndpoint' })
export class IndexEndpointDto {
  /** HTTP methods of the endpoint. */
  methods: string[];

  /** Arguments by name: path, query and body parameters. */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(IndexArgDto) } })
  args: Record<string, IndexArgDto>;
}

/** One route of the namespace. */
@ApiSchema({ name: 'IndexRoute' })
export class IndexRouteDto {
  /** Namespace the route belongs to. */
  namespace: string;

  /** Every HTTP method the route accepts. */
  methods: string[];

  /** The route's endpoints. */
  endpoints: IndexEndpointDto[];

  /** Link to the route itself; only for routes without parameters. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } } })
  _links?: Record<string, IndexLinkDto[]>;

  /** Response schema of the route; only with `context=help`. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  schema?: Record<string, unknown>;
}

/** The namespace index in the style of the WordPress REST API. */
@ApiSchema({ name: 'NamespaceIndex' })
export class NamespaceIndexDto {
  /** The namespace, `calendar/events/v1`. */
  namespace: string;

  /** Routes by path, parameters written as regular expressions like `(?P<id>\d+)`. */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(IndexRouteDto) } })
  routes: Record<string, IndexRouteDto>;

  /** Links to the index itself and to the OpenAPI document. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } } })
  _links: Record<string, IndexLinkDto[]>;
}
