import type { Role } from '@app/common/http/viewer';

// Who asks is request context (libs/common); what a role may do is the domain's.
export { ROLES, type Role } from '@app/common/http/viewer';

/** Editors and administrators manage every record and all terms (docs/api-rules.md, Statuses, users and permissions). */
export function isEditorial(role: Role | undefined): boolean {
  return role === 'administrator' || role === 'editor';
}
