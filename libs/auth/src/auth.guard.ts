import { ApiRequest, assertRouteIds, Errors } from '@app/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_KEY, AccessRule } from './access.decorators';
import { parseAuthorizationHeader } from './credentials';
import { UsersService } from './users.service';

/**
 * Global guard: identifies the caller from the Authorization header (a bad token is a 401,
 * never silently anonymous) and enforces the route's access rule.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly users: UsersService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiRequest>();
    // The first code to run after routing: a non-digit {id} is no route, before any permission check.
    assertRouteIds(request.params);
    const credentials = parseAuthorizationHeader(request.headers.authorization);
    if (credentials.kind === 'malformed') throw Errors.invalidToken();
    if (credentials.kind !== 'none') {
      const user = await this.users.findByToken(credentials.token);
      if (!user || (credentials.kind === 'basic' && credentials.username !== user.name)) throw Errors.invalidToken();
      request.user = { id: user.id, name: user.name, role: user.role };
    }
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) return true;
    if (!request.user) throw Errors.unauthenticated();
    if (rule.kind === 'roles' && !rule.roles.includes(request.user.role)) throw Errors.forbidden();
    return true;
  }
}
