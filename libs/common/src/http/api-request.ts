import type { Viewer } from './viewer';
import type { Request } from 'express';
import type { Language } from '../i18n/language';
import type { LinkContext } from './links';

/** How a request reached the service, learnt before Nest routes it (the URL loses these parts). */
export interface RequestAddress {
  id: string;
  /** The `/en` or `/de` segment's language, when the URL carried one. */
  pathLanguage?: Language;
  /** BASE_PATH as reached, '' when not configured. */
  basePath: string;
  /** `protocol://host` the client used. */
  origin: string;
}

/** Computed once per routed request by the RequestContextInterceptor. */
export interface RequestContext {
  language: Language;
  links: LinkContext;
  /** One instant for the whole request: every "now" of its SQL, windows and links agrees. */
  now: Date;
  /** The client's address (a trusted proxy's X-Forwarded-For counts, per TRUST_PROXY): rate limits key on it. */
  clientAddress: string;
  /**
   * Whether a scheduled event is due at `now` and not yet published, as the data version read at
   * the start of a read found it; undefined when it was not read (the publisher then asks itself).
   */
  eventsDue?: boolean;
  /** Whether an endless series awaits growth at `now`, as the data version read found it; undefined when not read. */
  seriesDue?: boolean;
  /** The data version token the read started at (its ETag's), when it was read: records read at it may be reused. */
  dataVersion?: string;
}

export interface AuthenticatedUser extends Viewer {
  name: string;
}

export type ApiRequest = Request & {
  address: RequestAddress;
  context?: RequestContext;
  user?: AuthenticatedUser;
};

/** `<origin><BASE_PATH><lang segment>`: the root every link the service builds hangs from. */
export function apiRoot(address: RequestAddress): string {
  return `${address.origin}${address.basePath}${address.pathLanguage ? `/${address.pathLanguage}` : ''}`;
}
