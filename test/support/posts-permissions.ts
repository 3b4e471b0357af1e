import type { Role } from '@app/auth';
import { Caller, callersByRole, createPost, idPath, PostJson, RoleCallers, sendUpdate } from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { suiteTestApp } from './test-app';

// What the venue and organizer permission suites share (post-permissions*.e2e-spec.ts).

export const ROLES: Role[] = ['contributor', 'author', 'editor', 'administrator'];
export const isEditorial = (role: Role) => role === 'editor' || role === 'administrator';

/**
 * An app for the enclosing describe with one caller per role and `otherAuthor`, a second author whose records are
 * others' records to callers.author; filled in when the suite starts (suiteTestApp). `make` names each record apart.
 */
export function postPermissionSession(kind: PostKindCase) {
  const t = suiteTestApp();
  const callers = {} as RoleCallers;
  const otherAuthor = {} as Caller;
  beforeAll(async () => {
    Object.assign(callers, await callersByRole(t));
    const token = await t.tokenFor('author');
    Object.assign(otherAuthor, { token, id: await t.userIdOf(token) });
  });

  let counter = 0;
  const make = (caller: Caller, extra: Record<string, unknown> = {}) => {
    counter += 1;
    return createPost(t, kind, { [kind.nameField]: `Permission Record ${counter}`, ...extra }, caller.token);
  };
  const publishAsEditor = (record: PostJson) =>
    sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }, callers.editor.token).expect(200);
  return { t, callers, otherAuthor, make, publishAsEditor };
}
