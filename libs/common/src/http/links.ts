import { ApiRequest, apiRoot } from './api-request';

export const API_NAMESPACE = 'calendar/events/v1';

/** What a mapper needs to build the absolute links of a record. */
export interface LinkContext {
  /** `<origin><BASE_PATH><lang>/calendar/events/v1`: REST links keep how the client came in. */
  restBase: string;
  /** SITE_URL without trailing slash: public pages and global IDs. */
  siteUrl: string;
}

export function linkContextFor(request: ApiRequest, siteUrl: string): LinkContext {
  return { restBase: `${apiRoot(request.address)}/${API_NAMESPACE}`, siteUrl };
}
