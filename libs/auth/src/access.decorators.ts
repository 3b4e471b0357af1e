import { SetMetadata } from '@nestjs/common';
import { Role } from '@app/domain';

export const ACCESS_KEY = 'calendar:access';

export type AccessRule = { kind: 'authenticated' } | { kind: 'roles'; roles: Role[] };

/** Any signed-in user (docs/api-rules.md, Statuses, users and permissions: create is open to every role). */
export const Authenticated = () => SetMetadata(ACCESS_KEY, { kind: 'authenticated' } satisfies AccessRule);

/** Only these roles; anonymous callers get 401, others 403, before any record is looked up. */
export const RequireRoles = (...roles: Role[]) => SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies AccessRule);
