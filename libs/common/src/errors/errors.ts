import { ApiError, ParamReason } from './api-error';

/** Factories for the errors more than one module raises, so codes and keys stay in one place. */
export const Errors = {
  invalidParams: (params: Record<string, ParamReason>) =>
    new ApiError(400, 'rest_invalid_param', 'errors.rest_invalid_param', {
      args: { names: Object.keys(params).join(', ') },
      params,
    }),
  /** One invalid parameter, the common case in services. */
  invalidParam: (name: string, key: string, args?: Record<string, unknown>) => Errors.invalidParams({ [name]: { key, args } }),
  missingParams: (names: string[]) =>
    new ApiError(400, 'rest_missing_callback_param', 'errors.rest_missing_callback_param', {
      args: { names: names.join(', ') },
      params: names,
    }),
  unauthenticated: () => new ApiError(401, 'rest_forbidden', 'errors.rest_forbidden_unauthenticated'),
  forbidden: () => new ApiError(403, 'rest_forbidden', 'errors.rest_forbidden'),
  /** `headers`: the RateLimit-* state of the failed-authentication limit. */
  invalidToken: (headers?: Record<string, string>) => new ApiError(401, 'rest_invalid_token', 'errors.rest_invalid_token', { headers }),
  /** 429: a rate limit (README, Security) was reached; free again in `retryAfterSeconds`. */
  tooManyRequests: (retryAfterSeconds: number, limit: number) =>
    new ApiError(429, 'rest_too_many_requests', 'errors.rest_too_many_requests', {
      args: { seconds: retryAfterSeconds },
      headers: {
        'Retry-After': String(retryAfterSeconds),
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(retryAfterSeconds),
      },
    }),
  noRoute: () => new ApiError(404, 'rest_no_route', 'errors.rest_no_route'),
  methodNotAllowed: (allow: string[]) =>
    new ApiError(405, 'rest_no_route', 'errors.rest_method_not_allowed', { headers: { Allow: allow.join(', ') } }),
  /** The Host (or a trusted proxy's X-Forwarded-Host) is not one this service answers for (docs/api-rules.md, Addresses and languages). */
  invalidHost: () => new ApiError(400, 'rest_invalid_host', 'errors.rest_invalid_host'),
  invalidJson: () => new ApiError(400, 'rest_invalid_json', 'errors.rest_invalid_json'),
  /** A JSON body nested deeper than allowed: refused before parsing (README, Security). */
  jsonTooDeep: (max: number) => new ApiError(400, 'rest_invalid_json', 'errors.rest_json_too_deep', { args: { max } }),
  /** A form body with too many fields or nested too deep (README, Security); `key` says which. */
  formTooLarge: (key: string, max: number) => new ApiError(400, 'rest_invalid_param', key, { args: { max } }),
  payloadTooLarge: () => new ApiError(413, 'rest_payload_too_large', 'errors.rest_payload_too_large'),
  /** 412: an `If-Match` that is not the record's current ETag (docs/api-rules.md, HTTP caching and preconditions); nothing was written. */
  preconditionFailed: () => new ApiError(412, 'rest_precondition_failed', 'errors.rest_precondition_failed'),
  /** A body in a media type other than JSON or a form (docs/api-rules.md, Writes). */
  unsupportedMediaType: () => new ApiError(415, 'rest_unsupported_media_type', 'errors.rest_unsupported_media_type'),
  internal: () => new ApiError(500, 'rest_internal_error', 'errors.rest_internal_error'),
  /** 503: the service cannot answer now (database unreachable); `Retry-After` when a wait is known. */
  unavailable: (retryAfterSeconds?: number) =>
    new ApiError(503, 'rest_unavailable', 'errors.rest_unavailable', {
      headers: retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) },
    }),
  /** `kind` is `event`, `venue`, `organizer` or `term`. */
  archivePageNotFound: (kind: string) => new ApiError(404, `${kind}-archive-page-not-found`, 'errors.archive_page_not_found'),
};
