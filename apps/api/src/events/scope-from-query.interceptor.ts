import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';

/**
 * `scope` of a write to an occurrence's ID is a query parameter, also accepted in the body (like
 * `force`): the query's value is handed to the body, where the update validates it, unless the
 * body names one itself. Interceptors run before the validation pipe.
 */
@Injectable()
export class ScopeFromQueryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const scope = request.query?.scope;
    const body = request.body as Record<string, unknown> | undefined;
    if (request.params?.id === undefined || request.method === 'DELETE') return next.handle();
    if (scope !== undefined && body && typeof body === 'object' && !Array.isArray(body) && body.scope === undefined) body.scope = scope;
    return next.handle();
  }
}
