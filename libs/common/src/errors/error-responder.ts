import { HttpException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { I18nService } from 'nestjs-i18n';
import { ApiRequest } from '../http/api-request';
import { bodyParserError } from '../http/body-limits';
import { RouteTable } from '../http/route-table';
import { requestLanguage } from '../i18n/request-language';
import { withoutValues } from '../text/without-values';
import { ApiError, ParamReason } from './api-error';
import { Errors } from './errors';

interface HttpParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * Turns any failure into the contract §8 body `{code, message, data: {status, ...}}`. Shared by
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
    // The path without its query string: a query may carry `password` or other secrets (issue 12).
    const path = (request.originalUrl ?? request.url ?? '').split('?')[0];
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    // A failed query's message may quote stored values (a duplicate entry); its parameters are never logged.
    const isQueryFailure = typeof error === 'object' && error !== null && 'driverError' in error;
    this.logger.error(
      `request ${request.address?.id ?? '-'} ${request.method} ${path} failed: ${isQueryFailure ? withoutValues(text) : text}`,
    );
    return Errors.internal();
  }

  private translateReasons(params: Record<string, ParamReason>, lang: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, reason] of Object.entries(params)) {
      out[name] = this.i18n.translate(reason.key, { lang, args: { name, ...reason.args } }) as string;
    }
    return out;
  }

  send(error: unknown, request: ApiRequest, response: Response): void {
    const apiError = this.toApiError(error, request);
    // Failures before the request-context interceptor ran (routing, guards) resolve it the same way.
    const lang = request.context?.language ?? requestLanguage(request).language;
    const { args, params, data, headers } = apiError.details;
    const message = this.i18n.translate(apiError.messageKey, { lang, args }) as string;
    const translatedParams = Array.isArray(params) || params === undefined ? params : this.translateReasons(params, lang);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
    response.setHeader('Content-Language', lang);
    response.status(apiError.httpStatus).json({
      code: apiError.code,
      message,
      data: { status: apiError.httpStatus, ...(translatedParams !== undefined ? { params: translatedParams } : {}), ...(data ?? {}) },
    });
  }
}
