import { HttpException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { I18nService } from 'nestjs-i18n';
import { ApiRequest } from '../http/api-request';
import { bodyParserError } from '../http/body-limits';
import { redactUrl } from '../http/redact-url';
import { RouteTable } from '../http/route-table';
import { requestLanguage } from '../i18n/request-language';
import { withoutValues } from '../text/without-values';
import { ApiError, ParamReason } from './api-error';
import { databaseErrorCode, isDatabaseUnavailable } from './database-unavailable';
import { Errors } from './errors';

/** A lost database node is rejoined or replaced within seconds (README, Running on a cluster): ask clients to come back then. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An error body as sent. */
interface ErrorBodyJson {
  code: string;
  message: string;
  data: { status: number } & Record<string, unknown>;
}

interface HttpParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** The error as the log may show it: a failed query's message and stack without the values they quote. */
function loggableError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (!('driverError' in error)) return error;
  const masked = new Error(withoutValues(error.message));
  masked.name = error.name;
  masked.stack = withoutValues(error.stack ?? error.message);
  return masked;
}

/**
 * Turns any failure into the error body (docs/api-rules.md, Errors) `{code, message, data: {status, ...}}`. Shared by
 * the Nest exception filter and the Express error handler that catches body-parser failures.
 */
@Injectable()
export class ErrorResponder {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly i18n: I18nService,
    private readonly routes: RouteTable,
  ) {}

  toApiError(error: unknown, request: ApiRequest): ApiError {
    if (error instanceof ApiError) return error;
    if (isDatabaseUnavailable(error)) {
      const unavailable = Errors.unavailable(DATABASE_RETRY_AFTER_SECONDS);
      unavailable.cause = new Error(`the database is unavailable (${String(databaseErrorCode(error) ?? 'connection failed')})`);
      return unavailable;
    }
    const parsing = bodyParserError(error);
    if (parsing) return parsing;
    const parserError = error as HttpParserError;
    if (error instanceof NotFoundException) {
      const allow = this.routes.allowedMethods(request.path);
      return allow.length > 0 ? Errors.methodNotAllowed(allow) : Errors.noRoute();
    }
    if (error instanceof HttpException && error.getStatus() < 500) {
      // Framework-raised client errors (e.g. a malformed URI) keep their status.
      const status = error.getStatus();
      if (status === 413) return Errors.payloadTooLarge();
      if (status === 400) return Errors.invalidParams({});
      return new ApiError(status, 'rest_error', 'errors.rest_internal_error');
    }
    const status = parserError?.status ?? parserError?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return status === 413 ? Errors.payloadTooLarge() : Errors.invalidJson();
    }
    // With the request id every response carries, so a user's report leads here; never a secret of
    // the query (redactUrl), nor a value a failed query's message quotes (a duplicate entry).
    this.logger.error({
      msg: `${request.method} ${redactUrl(request.originalUrl)} failed unexpectedly (request ${request.address?.id ?? '-'})`,
      request_id: request.address?.id ?? '-',
      err: loggableError(error),
    });
    return Errors.internal();
  }

  /**
   * A 503 with a cause (the database lost, a write that ran out of retries) is logged with the
   * request id every response carries, so an operator can tie a client's report to its cause.
   */
  private logUnavailable(apiError: ApiError, request: ApiRequest): void {
    if (apiError.httpStatus !== 503 || apiError.cause === undefined) return;
    const cause = apiError.cause instanceof Error ? apiError.cause.message : String(apiError.cause);
    const id = request.address?.id ?? '-';
    this.logger.warn(`request ${id} ${request.method} ${redactUrl(request.originalUrl)} failed: 503 ${apiError.code}, ${cause}`);
  }

  private translateReasons(params: Record<string, ParamReason>, lang: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, reason] of Object.entries(params)) {
      out[name] = this.i18n.translate(reason.key, { lang, args: { name, ...reason.args } }) as string;
    }
    return out;
  }

  /** The error body of an error in a language; also the documentation's error examples. */
  bodyOf(apiError: ApiError, lang: string): ErrorBodyJson {
    const { args, params, data } = apiError.details;
    const message = this.i18n.translate(apiError.messageKey, { lang, args }) as string;
    const translatedParams = Array.isArray(params) || params === undefined ? params : this.translateReasons(params, lang);
    return {
      code: apiError.code,
      message,
      data: { status: apiError.httpStatus, ...(translatedParams !== undefined ? { params: translatedParams } : {}), ...(data ?? {}) },
    };
  }

  send(error: unknown, request: ApiRequest, response: Response): void {
    const apiError = this.toApiError(error, request);
    this.logUnavailable(apiError, request);
    // Failures before the request-context interceptor ran (routing, guards) resolve it the same way.
    const lang = request.context?.language ?? requestLanguage(request).language;
    const body = this.bodyOf(apiError, lang);
    if (response.headersSent) return;
    // An error is never stored, and carries no ETag a read may have set before it failed (docs/api-rules.md, HTTP caching and preconditions).
    response.removeHeader('ETag');
    response.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(apiError.details.headers ?? {})) response.setHeader(name, value);
    response.setHeader('Content-Language', lang);
    response.status(apiError.httpStatus).json(body);
  }
}
