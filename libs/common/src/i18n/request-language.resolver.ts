import { ExecutionContext, Injectable } from '@nestjs/common';
import { I18nResolver } from 'nestjs-i18n';
import { ApiRequest } from '../http/api-request';

/**
 * nestjs-i18n's resolver chain, reduced to one step: the language was already resolved once per
 * request by the request-context and language middlewares (which also see the path segment,
 * which Nest's routing hides from i18n resolvers).
 */
@Injectable()
export class RequestLanguageResolver implements I18nResolver {
  resolve(context: ExecutionContext): string | undefined {
    if (context.getType() !== 'http') return undefined;
    return context.switchToHttp().getRequest<ApiRequest>().context?.language;
  }
}
