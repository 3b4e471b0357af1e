import { AppConfig } from '@app/config';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiRequest, apiRoot } from './api-request';

export const API_NAMESPACE = 'calendar/events/v1';

/** Express app setting under which the bootstrap stores the config, for parameter decorators. */
export const APP_CONFIG_SETTING = 'calendar.config';

/** What a mapper needs to build the absolute links of a record. */
export interface LinkContext {
  /** `<origin><BASE_PATH><lang>/calendar/events/v1`: REST links keep how the client came in. */
  restBase: string;
  /** SITE_URL without trailing slash: public pages and global IDs. */
  siteUrl: string;
}

export function linkContextFor(request: ApiRequest, config: Pick<AppConfig, 'siteUrl'>): LinkContext {
  return { restBase: `${apiRoot(request.context)}/${API_NAMESPACE}`, siteUrl: config.siteUrl };
}

/** Injects the request's LinkContext into a handler. */
export const Links = createParamDecorator((_data: unknown, context: ExecutionContext): LinkContext => {
  const request = context.switchToHttp().getRequest<ApiRequest>();
  return linkContextFor(request, request.app.get(APP_CONFIG_SETTING) as AppConfig);
});
