import { DOCS_KEY_PREFIX, Language } from '@app/common';

/** One language's docs catalogue, flattened: `responses.list` → text. */
export type DocsCatalogue = Record<string, string>;

/**
 * Groups whose English entries are DTO comments, which the Swagger plugin puts into the document
 * as English text: their German is found through the English text. Every other text of the
 * document is written as a `docs.` key and looked up directly.
 */
export const COMMENT_GROUPS = ['query', 'body', 'records'] as const;

/** Keys of the document whose string values are prose to translate. */
const PROSE_KEYS = new Set(['description', 'summary']);
/** Values, not prose: never translated, never searched. */
const LITERAL_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

export interface TranslatedDocument<T> {
  document: T;
  /** Source texts the catalogue has no entry for (left as they were). */
  untranslated: string[];
}

/** Comparisons ignore how a comment was wrapped. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Nested catalogue JSON → flat `group.key` map. */
export function flattenCatalogue(tree: unknown, prefix = ''): DocsCatalogue {
  const flat: DocsCatalogue = {};
  if (tree === null || typeof tree !== 'object') return flat;
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else Object.assign(flat, flattenCatalogue(value, path));
  }
  return flat;
}

/**
 * Translates the prose of an OpenAPI document (and anything built from it) with the docs
 * catalogues: a `docs.<key>` text by its key, any other text (a DTO comment) through the English
 * catalogue entry that has exactly this text.
 */
export class DocsTranslator {
  private readonly keyByEnglish = new Map<string, string>();

  constructor(private readonly catalogues: Record<Language, DocsCatalogue>) {
    for (const [key, text] of Object.entries(catalogues.en)) {
      if (COMMENT_GROUPS.some((group) => key.startsWith(`${group}.`))) this.keyByEnglish.set(normalise(text), key);
    }
  }

  /** The catalogue key a source text stands for, if any. */
  keyOf(source: string): string | undefined {
    if (source.startsWith(DOCS_KEY_PREFIX)) return source.slice(DOCS_KEY_PREFIX.length);
    return this.keyByEnglish.get(normalise(source));
  }

  text(source: string, language: Language): string | undefined {
    const key = this.keyOf(source);
    return key === undefined ? undefined : this.catalogues[language][key];
  }

  /** A translated deep copy; `info.title` is translated too. */
  translate<T>(document: T, language: Language): TranslatedDocument<T> {
    const untranslated = new Set<string>();
    const translateText = (source: string): string => {
      const text = this.text(source, language);
      if (text === undefined) untranslated.add(source);
      return text ?? source;
    };
    const visit = (value: unknown, path: string[]): unknown => {
      if (Array.isArray(value)) return value.map((item) => visit(item, path));
      if (value === null || typeof value !== 'object') return value;
      // In a `properties` map the keys are field names (a field may be called `default`), not keywords.
      const namesFields = path[path.length - 1] === 'properties';
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        const isProse =
          !namesFields &&
          typeof child === 'string' &&
          (PROSE_KEYS.has(key) || (key === 'title' && path.length === 1 && path[0] === 'info'));
        if (isProse) copy[key] = translateText(child);
        else if (!namesFields && LITERAL_KEYS.has(key)) copy[key] = structuredClone(child);
        else copy[key] = visit(child, [...path, key]);
      }
      return copy;
    };
    return { document: visit(document, []) as T, untranslated: [...untranslated] };
  }
}
