import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Document, type Operation, type Request } from 'openapi-backend';
import { parse as parseForm } from 'qs';

/*
 * Checks one HTTP exchange against an OpenAPI document with openapi-backend (routing, parameter,
 * body and response validation with Ajv), plus what that library leaves open: that the answered
 * status and media types are declared at all (it passes an undeclared status silently), and that
 * the credentials sent are one of the operation's security schemes.
 */

export interface Exchange {
  method: string;
  /** The path as sent, with the API root and query string. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent, when there was one. */
  body?: string;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The parsed JSON answer, or the text of any other. */
  responseBody: unknown;
  responseText: string;
}

const FORM = 'application/x-www-form-urlencoded';
const mediaType = (header: string | string[] | undefined) =>
  String((Array.isArray(header) ? header[0] : header) ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** The document with only the form media type in each request body: openapi-backend reads JSON's first. */
function formOnly(document: Document): Document {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const body = (operation as { requestBody?: { content?: Record<string, unknown> } } | undefined)?.requestBody;
      if (body?.content?.[FORM]) body.content = { [FORM]: body.content[FORM] };
    }
  }
  return copy;
}

export class DocumentValidator {
  private constructor(
    private readonly document: Document,
    private readonly json: OpenAPIBackend,
    private readonly form: OpenAPIBackend,
  ) {}

  /**
   * `apiRoot`: the path the server URL stands for, e.g. `/de/calendar/events/v1`. `quick`: compile
   * validators when first used and skip openapi-backend's check of the document itself.
   */
  static async create(document: Document, apiRoot: string, { quick = false } = {}): Promise<DocumentValidator> {
    // `email`, `uri`, `date-time`... are checked, not ignored.
    const customizeAjv = (ajv: Ajv) => addFormats(ajv);
    // strict: a document openapi-backend's own schema check finds fault with fails the test.
    const json = new OpenAPIBackend({ definition: structuredClone(document), apiRoot, strict: true, quick, validate: true, customizeAjv });
    // A form's values are text: they are read as the schema's types, as a form decoder does. The
    // same document, checked once above already.
    const form = new OpenAPIBackend({
      definition: formOnly(document),
      apiRoot,
      quick: true,
      validate: true,
      customizeAjv,
      ajvOpts: { coerceTypes: true },
    });
    await Promise.all([json.init(), form.init()]);
    return new DocumentValidator(document, json, form);
  }

  /** The operation the exchange is, and every way it breaks the document (`[]` when it is described). */
  check(exchange: Exchange): { operationId?: string; problems: string[] } {
    const [path, query = ''] = exchange.url.split('?');
    const request: Request = { method: exchange.method, path, query, headers: exchange.headers };
    const operation = this.json.matchOperation(request);
    if (!operation) return { problems: ['no operation of the document has this method and path'] };
    const problems = this.checkResponse(exchange, operation);
    // A request the service refused may break the document (that is often why it was refused).
    if (exchange.status >= 200 && exchange.status < 300) problems.push(...this.checkRequest(exchange, request, operation));
    return { operationId: operation.operationId, problems };
  }

  private checkResponse(exchange: Exchange, operation: Operation): string[] {
    const response = operation.responses?.[String(exchange.status)] as { content?: Record<string, unknown> } | undefined;
    if (!response) return [`status ${exchange.status} is not declared`];
    const problems: string[] = [];
    const type = mediaType(exchange.responseHeaders['content-type']);
    if (exchange.responseText !== '' && !response.content?.[type]) problems.push(`answer media type ${type} is not declared`);
    if (type === 'application/json') {
      const body = this.json.validator.validateResponse(exchange.responseBody, operation, exchange.status);
      problems.push(...(body.errors ?? []).map((error) => `answer ${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`));
    }
    // The headers sent are of their declared types; those declared `required` are sent.
    const headers = this.json.validator.validateResponseHeaders(exchange.responseHeaders, operation, { statusCode: exchange.status });
    problems.push(...(headers.errors ?? []).map((error) => `answer header ${error.instancePath} ${error.message}`));
    const declared = (response as { headers?: Record<string, { required?: boolean }> }).headers ?? {};
    for (const [name, header] of Object.entries(declared)) {
      if (header.required && exchange.responseHeaders[name.toLowerCase()] === undefined) problems.push(`answer lacks header ${name}`);
    }
    return problems;
  }

  private checkRequest(exchange: Exchange, request: Request, operation: Operation): string[] {
    const problems = this.checkCredentials(exchange.headers.Authorization ?? exchange.headers.authorization, operation);
    let backend = this.json;
    let target = operation;
    if (exchange.body !== undefined) {
      const type = mediaType(exchange.headers['Content-Type'] ?? exchange.headers['content-type']);
      const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      if (!content[type]) return [...problems, `request media type ${type} is not declared`];
      if (type === FORM) {
        backend = this.form;
        target = this.form.getOperation(operation.operationId ?? '') ?? operation;
        request.body = parseForm(exchange.body) as Request['body'];
      } else {
        request.body = JSON.parse(exchange.body) as Request['body'];
      }
    }
    const result = backend.validator.validateRequest(request, target);
    problems.push(
      ...(result.errors ?? []).map((error) => `request ${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`),
    );
    return problems;
  }

  /** The credentials sent (none, Bearer or Basic) must satisfy one of the operation's security requirements. */
  private checkCredentials(authorization: string | undefined, operation: Operation): string[] {
    const scheme = authorization?.split(' ')[0]?.toLowerCase();
    const requirements = operation.security ?? this.document.security ?? [{}];
    const schemes = this.document.components?.securitySchemes ?? {};
    const satisfied = requirements.some((requirement) => {
      const names = Object.keys(requirement);
      if (names.length === 0) return scheme === undefined;
      return names.every((name) => {
        const definition = schemes[name] as { type?: string; scheme?: string } | undefined;
        return definition?.type === 'http' && definition.scheme?.toLowerCase() === scheme;
      });
    });
    return satisfied ? [] : [`credentials ${scheme ?? 'none'} are not one of the operation's security schemes`];
  }
}
