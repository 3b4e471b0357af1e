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
  invalidToken: () => new ApiError(401, 'rest_invalid_token', 'errors.rest_invalid_token'),
  noRoute: () => new ApiError(404, 'rest_no_route', 'errors.rest_no_route'),
  methodNotAllowed: (allow: string[]) =>
    new ApiError(405, 'rest_no_route', 'errors.rest_method_not_allowed', { headers: { Allow: allow.join(', ') } }),
  invalidJson: () => new ApiError(400, 'rest_invalid_json', 'errors.rest_invalid_json'),
  payloadTooLarge: () => new ApiError(413, 'rest_payload_too_large', 'errors.rest_payload_too_large'),
  internal: () => new ApiError(500, 'rest_internal_error', 'errors.rest_internal_error'),
  /** The service cannot answer now but may in a moment (database busy, shutting down): 503 with Retry-After. */
  unavailable: (retryAfterSeconds: number) =>
    new ApiError(503, 'rest_unavailable', 'errors.rest_unavailable', { headers: { 'Retry-After': String(retryAfterSeconds) } }),
  /** `kind` is `event`, `venue`, `organizer` or `term`. */
  archivePageNotFound: (kind: string) => new ApiError(404, `${kind}-archive-page-not-found`, 'errors.archive_page_not_found'),
};
