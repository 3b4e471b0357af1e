import { idsOf } from './posts-assertions';
import { collectionPath, PostJson } from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { bearer, TestApp } from './test-app';

/** The calls a venue or organizer list test makes: a body with a name, the list, its IDs. */
export function postListCalls(kind: PostKindCase) {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });
  const list = (t: TestApp, query: string, token?: string) => {
    const req = t.http.get(`${collectionPath(kind)}${query}`);
    return token ? req.set(bearer(token)) : req;
  };
  const sortedIds = async (t: TestApp, query: string, token?: string): Promise<number[]> => {
    const res = await list(t, query, token);
    if (res.status !== 200) throw new Error(`list ${query} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return idsOf(res, kind).sort((a, b) => a - b);
  };
  const idsSorted = (...records: PostJson[]) => records.map((record) => record.id).sort((a, b) => a - b);
  return { named, list, sortedIds, idsSorted };
}
