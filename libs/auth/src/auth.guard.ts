import { ApiRequest, assertRouteIds, Errors } from '@app/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { ACCESS_KEY, AccessRule } from './access.decorators';
import { Credentials, parseAuthorizationHeader } from './credentials';
import { RateLimiter } from './rate-limit/rate-limiter.service';
import { hashTokenSecret } from './token-secret';
import { UsersService } from './users.service';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Global guard: identifies the caller from the Authorization header (a bad token is a 401,
 * never silently anonymous), enforces the route's access rule, and applies the rate limits of
 * credentials: failed authentications per client address and user name, and writes per token.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly users: UsersService,
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiRequest>();
    // The first code to run after routing: a non-digit {id} is no route, before any permission check.
    assertRouteIds(request.params);
    const credentials = parseAuthorizationHeader(request.headers.authorization);
    if (credentials.kind !== 'none') await this.authenticate(request, credentials);
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (rule) {
      if (!request.user) throw Errors.unauthenticated();
      if (rule.kind === 'roles' && !rule.roles.includes(request.user.role)) throw Errors.forbidden();
    }
    if (request.user && credentials.kind !== 'none' && credentials.kind !== 'malformed' && WRITE_METHODS.has(request.method)) {
      const headers = await this.limiter.count('writes', [`token:${hashTokenSecret(credentials.token)}`]);
      context.switchToHttp().getResponse<Response>().set(headers);
    }
    return true;
  }

  private async authenticate(request: ApiRequest, credentials: Exclude<Credentials, { kind: 'none' }>): Promise<void> {
    // Only failures are counted and refused: tokens carry 256 random bits, so a right one is never a
    // guess, and refusing it too would let anyone lock a user (or everyone behind one address) out.
    const subjects = [RateLimiter.addressKey(request.ip)];
    if (credentials.kind === 'basic') subjects.push(`user:${credentials.username.toLowerCase()}`);
    const user = credentials.kind === 'malformed' ? null : await this.users.findByToken(credentials.token);
    if (!user || (credentials.kind === 'basic' && credentials.username !== user.name)) {
      throw Errors.invalidToken(await this.limiter.count('auth', subjects));
    }
    request.user = { id: user.id, name: user.name, role: user.role };
  }
}
