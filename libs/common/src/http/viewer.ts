/** The roles a user may have, from most to least rights (docs/api-rules.md, Statuses, users and permissions). */
export const ROLES = ['administrator', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user a request or a read is made for; anonymous ones have none. */
export interface Viewer {
  id: number;
  role: Role;
}
