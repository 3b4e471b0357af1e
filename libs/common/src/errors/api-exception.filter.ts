import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ApiRequest } from '../http/api-request';
import { ErrorResponder } from './error-responder';

/** Global filter: every exception leaves as a contract §8 error body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly responder: ErrorResponder) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.responder.send(exception, http.getRequest<ApiRequest>(), http.getResponse<Response>());
  }
}
