import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ApiRequest } from '../http/api-request';
import { CachedAnswer } from '../http/caching/cached-answer';
import { NotModified } from '../http/caching/not-modified';
import { ErrorResponder } from './error-responder';

/** Global filter: every exception leaves as the error body of docs/api-rules.md, Errors. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly responder: ErrorResponder) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    // Not an error: the caching interceptor set ETag and Cache-Control, and there is no body.
    if (exception instanceof NotModified) {
      http.getResponse<Response>().status(304).end();
      return;
    }
    if (exception instanceof CachedAnswer) {
      exception.send(http.getResponse<Response>());
      return;
    }
    this.responder.send(exception, http.getRequest<ApiRequest>(), http.getResponse<Response>());
  }
}
