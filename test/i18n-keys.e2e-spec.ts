import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const I18N_DIR = join(__dirname, '..', 'apps', 'api', 'src', 'i18n');
const LANGUAGES = ['en', 'de'] as const;

type Tree = { [key: string]: string | Tree };

/** `file.key.sub` → text, for every leaf of every translation file of a language. */
function flatten(tree: Tree, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`;
    if (value !== null && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

function texts(language: string): Map<string, unknown> {
  const dir = join(I18N_DIR, language);
  const out = new Map<string, unknown>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, file.replace(/\.json$/, ''), out);
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('translation files', () => {
  const [en, de] = LANGUAGES.map(texts);

  it('exist and are not empty', () => {
    expect(en.size).toBeGreaterThan(0);
    expect(de.size).toBeGreaterThan(0);
  });

  it('every English key exists in German', () => {
    expect([...en.keys()].filter((key) => !de.has(key))).toEqual([]);
  });

  it('every German key exists in English', () => {
    expect([...de.keys()].filter((key) => !en.has(key))).toEqual([]);
  });

  it('every text is a non-empty string', () => {
    for (const map of [en, de]) {
      const bad = [...map.entries()].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
      expect(bad).toEqual([]);
    }
  });

  it('both languages use the same placeholders in each text', () => {
    const mismatched = [...en.keys()]
      .filter((key) => de.has(key))
      .filter((key) => placeholders(en.get(key)).join() !== placeholders(de.get(key)).join());
    expect(mismatched).toEqual([]);
  });
});
