import type { Request } from 'express';
import type { Language } from '../i18n/language';

/** What the early middleware learns about a request before Nest routes it. */
export interface RequestContext {
  id: string;
  language: Language;
  /** `/en` or `/de` when the URL carried it, else ''. */
  languageSegment: string;
  /** BASE_PATH as reached, '' when not configured. */
  basePath: string;
  /** `protocol://host` the client used. */
  origin: string;
}

export interface AuthenticatedUser {
  id: number;
  name: string;
  role: import('@app/auth/role').Role;
}

export type ApiRequest = Request & {
  context: RequestContext;
  user?: AuthenticatedUser;
};

/** `<origin><BASE_PATH><lang segment>` — the root every link the service builds hangs from. */
export function apiRoot(context: RequestContext): string {
  return `${context.origin}${context.basePath}${context.languageSegment}`;
}
