export const ROLES = ['administrator', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

/** Editors and administrators manage every record and all terms (docs/api-rules.md, Statuses, users and permissions). */
export function isEditorial(role: Role | undefined): boolean {
  return role === 'administrator' || role === 'editor';
}
