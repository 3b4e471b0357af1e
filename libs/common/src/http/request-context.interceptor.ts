import { APP_CONFIG, AppConfig } from '@app/config';
import { CallHandler, createParamDecorator, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable } from 'rxjs';
import { Errors } from '../errors/errors';
import { requestLanguage } from '../i18n/request-language';
import { ApiRequest, RequestContext } from './api-request';
import { linkContextFor } from './links';

/**
 * The one place a routed request gets its context: the language (an unknown
 * `translation_language` is a 400), the link base and the request's instant. Registered as a
 * global interceptor; handlers read it with `@Ctx()`.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = execution.switchToHttp();
    const req = http.getRequest<ApiRequest>();
    const { language, invalidParameter } = requestLanguage(req);
    if (invalidParameter) throw Errors.invalidParam('translation_language', 'validation.isIn', { c0: 'en, de' });
    http.getResponse<Response>().setHeader('Content-Language', language);
    req.context = { language, links: linkContextFor(req, this.config.siteUrl), now: new Date(), clientAddress: req.ip ?? '' };
    return next.handle();
  }
}

/** The request's context, as the RequestContextInterceptor computed it. */
export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext => {
  const context = execution.switchToHttp().getRequest<ApiRequest>().context;
  if (!context) throw new Error('RequestContextInterceptor did not run');
  return context;
});
