import { DOCS_KEY_PREFIX, Language } from '@app/common';

/** One language's docs catalogue, flattened: `responses.list` → text. */
type DocsCatalogue = Record<string, string>;

/** Keys of the document whose string values are prose to translate. */
const PROSE_KEYS = new Set(['description', 'summary']);
/** Values, not prose: never translated, never searched. */
const LITERAL_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** A text of the source document the catalogues lack, with the key it was looked up by. */
export interface MissingText {
  key: string | undefined;
  source: string;
}

/** A DTO comment whose English catalogue entry says something else: the German may be stale too. */
export interface RewordedComment {
  key: string;
  comment: string;
  catalogue: string;
}

interface TranslatedDocument<T> {
  document: T;
  /** Texts the catalogue has no entry for (left as they were). */
  missing: MissingText[];
  /** Every catalogue key the document used. */
  keysUsed: Set<string>;
  /** Comments that no longer read as their English catalogue entry. */
  reworded: RewordedComment[];
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
 * Where a text stands in the document decides its catalogue key (README, "Documentation texts"):
 * a schema property's description is `<Schema>.<property>`, an operation parameter's
 * `<operationId>.parameters.<name>`. A text written as `docs.<key>` names its key itself.
 */
function locationKey(path: readonly string[], holder: Record<string, unknown>, operationId?: string): string | undefined {
  const [root, group, name, section, property] = path;
  if (root === 'components' && group === 'schemas' && section === 'properties' && path.length === 5) return `${name}.${property}`;
  if (root === 'paths' && operationId && path.length === 5 && path[3] === 'parameters' && typeof holder.name === 'string') {
    return `${operationId}.parameters.${holder.name}`;
  }
  return undefined;
}

/**
 * Translates the prose of an OpenAPI document (and anything built from it) with the docs
 * catalogues: a `docs.<key>` text by its key, a DTO comment by the key of its place in the document.
 * Rewording a comment cannot lose its German unnoticed: the translation reports the comments whose
 * English entry reads otherwise, and the docs test fails on them.
 */
export class DocsTranslator {
  constructor(private readonly catalogues: Record<Language, DocsCatalogue>) {}

  /** Every key of a language's catalogue. */
  keys(language: Language): string[] {
    return Object.keys(this.catalogues[language]);
  }

  text(source: string, language: Language): string | undefined {
    if (!source.startsWith(DOCS_KEY_PREFIX)) return undefined;
    return this.catalogues[language][source.slice(DOCS_KEY_PREFIX.length)];
  }

  /** A translated deep copy; `info.title` is translated too. */
  translate<T>(document: T, language: Language): TranslatedDocument<T> {
    const missing: MissingText[] = [];
    const keysUsed = new Set<string>();
    const reworded: RewordedComment[] = [];
    const translateText = (source: string, placeKey: string | undefined): string => {
      const explicit = source.startsWith(DOCS_KEY_PREFIX);
      const key = explicit ? source.slice(DOCS_KEY_PREFIX.length) : placeKey;
      const text = key === undefined ? undefined : this.catalogues[language][key];
      if (key === undefined || text === undefined) {
        missing.push({ key, source });
        return source;
      }
      keysUsed.add(key);
      const english = this.catalogues.en[key];
      if (!explicit && english !== undefined && normalise(english) !== normalise(source)) {
        reworded.push({ key, comment: normalise(source), catalogue: english });
      }
      return text;
    };
    const visit = (value: unknown, path: string[], operationId?: string): unknown => {
      if (Array.isArray(value)) return value.map((item, index) => visit(item, [...path, String(index)], operationId));
      if (value === null || typeof value !== 'object') return value;
      const holder = value as Record<string, unknown>;
      const inOperation = path[0] === 'paths' && path.length === 3 && typeof holder.operationId === 'string';
      const operation = inOperation ? (holder.operationId as string) : operationId;
      // In a `properties` map the keys are field names (a field may be called `default`), not keywords.
      const namesFields = path[path.length - 1] === 'properties';
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(holder)) {
        const isProse =
          !namesFields &&
          typeof child === 'string' &&
          (PROSE_KEYS.has(key) || (key === 'title' && path.length === 1 && path[0] === 'info'));
        if (isProse) copy[key] = translateText(child, key === 'description' ? locationKey(path, holder, operation) : undefined);
        else if (!namesFields && LITERAL_KEYS.has(key)) copy[key] = structuredClone(child);
        else copy[key] = visit(child, [...path, key], operation);
      }
      return copy;
    };
    return { document: visit(document, []) as T, missing, keysUsed, reworded };
  }
}
