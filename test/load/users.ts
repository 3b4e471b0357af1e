import { cliJson, runCli } from './processes';
import { Tokens } from './workload';

/**
 * The load's credentials: the ADMIN_TOKEN administrator, plus two editors and an author created
 * with the built CLI (`user:create`) against the database `settings` point at.
 */
export async function createUsers(settings: Record<string, string>, adminToken: string): Promise<Tokens> {
  const user = async (name: string, role: string) => {
    const json = cliJson(await runCli(['user:create', '--name', name, '--role', role], settings));
    if (json.role !== role || typeof json.token !== 'string') throw new Error(`user:create printed ${JSON.stringify(json)}`);
    return { role, token: json.token };
  };
  const editors = [await user('conc-editor-1', 'editor'), await user('conc-editor-2', 'editor')];
  const author = await user('conc-author-1', 'author');
  return { admin: { role: 'administrator', token: adminToken }, editors, author };
}
