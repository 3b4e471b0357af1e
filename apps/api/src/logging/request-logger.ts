import { ApiRequest, redactUrl } from '@app/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const omitted = () => undefined;
/** When the request arrived, for the duration in the message of a failed request (pino-http passes none there). */
const STARTED = Symbol('started');
type Timed = ServerResponse & { [STARTED]?: number };

/** The fields of a request's log line: never a header (Authorization, cookies), never a body. */
function requestFields(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const request = req as ApiRequest;
  return {
    method: request.method,
    // As the client sent it (BASE_PATH and language segment included), secrets in the query redacted.
    path: redactUrl(request.originalUrl ?? request.url ?? ''),
    status: res.statusCode,
    duration_ms: durationMs,
    user_id: request.user?.id ?? null,
  };
}

const summary = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
  const { method, path, status } = requestFields(req, res, durationMs);
  return `${method} ${path} ${status} ${durationMs}ms`;
};

/**
 * One log line per request when its response is finished (pino-http): method, path without
 * secrets, status, duration, the request id every response carries in `X-Request-Id`, and the
 * user. Registered right after the request-address middleware, so the id is known and failures of
 * the body parsers and Swagger's routes are logged too. 5xx lines are errors, others info.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // Nothing of the request is serialised up front: the line is built when the response is done.
    wrapSerializers: false,
    serializers: { req: omitted, res: omitted },
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
    genReqId: (req, res) => {
      (res as Timed)[STARTED] = Date.now();
      return (req as ApiRequest).address?.id ?? '-';
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, values: { duration_ms: number }) => requestFields(req, res, values.duration_ms),
    customErrorObject: (req, res, _error, values: { duration_ms: number }) => requestFields(req, res, values.duration_ms),
    customSuccessMessage: (req, res, durationMs) => summary(req, res, durationMs),
    customErrorMessage: (req, res) => summary(req, res, Date.now() - ((res as Timed)[STARTED] ?? Date.now())),
  });
}
