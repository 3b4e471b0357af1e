import { HttpException } from '@nestjs/common';

/** Why one parameter was rejected: an i18n key under `validation.` and its values. */
export interface ParamReason {
  key: string;
  args?: Record<string, unknown>;
}

interface ApiErrorOptions {
  /** Interpolation values for the translated message. */
  args?: Record<string, unknown>;
  /** `data.params`: names of missing parameters, or `{name: reason}` for invalid ones. */
  params?: string[] | Record<string, ParamReason>;
  /** `data.details` and any further keys of `data` (`term_id`, ...). */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * A failure with a stable machine code (docs/api-rules.md, Errors). The message is an i18n key, translated
 * into the request's language by the exception filter.
 */
export class ApiError extends HttpException {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    readonly messageKey: string,
    readonly details: ApiErrorOptions = {},
  ) {
    super(code, httpStatus);
  }
}
