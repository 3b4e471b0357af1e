import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors/api-error';
import { Errors } from '../errors/errors';

/** Largest request body (docs/api-rules.md, Errors: larger is a 413). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays a JSON or form body may have (README, Security). */
export const MAX_BODY_DEPTH = 32;
/** Most fields a form body may have (README, Security); PHP's max_input_vars has the same default. */
export const MAX_FORM_FIELDS = 1000;

const OPEN = new Set(['[', '{']);
const CLOSE = new Set([']', '}']);

/** Thrown by the JSON parser's `verify` hook; the error responder answers it. */
class BodyTooDeepError extends Error {
  readonly type = 'body.too.deep';
  readonly status = 400;
}

/** The text of a JSON body in its charset; RFC 8259 wants UTF-8, anything TextDecoder cannot read is not JSON here. */
function decode(body: Buffer, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: false }).decode(body);
  } catch {
    throw Object.assign(new Error('unsupported charset'), { type: 'entity.parse.failed', status: 400 });
  }
}

/**
 * `express.json`'s `verify` hook: refuses a body nested deeper than MAX_BODY_DEPTH before it is
 * parsed, in one pass over its characters without recursion. Deeper bodies made the validation pipe
 * and class-transformer recurse until the stack overflowed (a 500); parsing them cost time too.
 */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  const text = decode(body, encoding);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (OPEN.has(char)) {
      depth++;
      if (depth > MAX_BODY_DEPTH) throw new BodyTooDeepError();
    } else if (CLOSE.has(char)) {
      depth--;
    }
  }
}

/** Body-parser failures with their answer of docs/api-rules.md, Errors; undefined for any other error. */
export function bodyParserError(error: unknown): ApiError | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return Errors.invalidJson();
    case 'body.too.deep':
      return Errors.jsonTooDeep(MAX_BODY_DEPTH);
    case 'entity.too.large':
      return Errors.payloadTooLarge();
    // A form body over MAX_FORM_FIELDS: body-parser says 413, but the body is not too large.
    case 'parameters.too.many':
      return Errors.formTooLarge('errors.rest_too_many_fields', MAX_FORM_FIELDS);
    // A form body nested deeper than MAX_BODY_DEPTH: not JSON, so not rest_invalid_json.
    case 'querystring.parse.rangeError':
      return Errors.formTooLarge('errors.rest_form_too_deep', MAX_BODY_DEPTH);
    default:
      return undefined;
  }
}
