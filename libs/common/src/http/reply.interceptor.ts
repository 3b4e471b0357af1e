import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { Reply } from './reply';

/** Sets the headers a handler returned in a `Reply` (paging headers, Location) and sends its body. */
@Injectable()
export class ReplyInterceptor implements NestInterceptor {
  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!(value instanceof Reply)) return value;
        const response = execution.switchToHttp().getResponse<Response>();
        for (const [name, headerValue] of Object.entries(value.headers)) response.setHeader(name, headerValue);
        // A write to an existing record may answer with a new one (201), whatever its route's default.
        if (value.status !== undefined) response.status(value.status);
        return value.body;
      }),
    );
  }
}
