export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'de';
}

interface LanguageSources {
  /** `translation_language` from the query string or the body, if given. */
  parameter?: unknown;
  /** The `/en` or `/de` path segment, if the URL carried one. */
  pathSegment?: Language;
  acceptLanguage?: string;
}

/** Picks the best of our languages from an Accept-Language header, honouring q-values. */
export function languageFromAcceptHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.find((entry) => isLanguage(entry.primary))?.primary as Language | undefined;
}

/**
 * Precedence (docs/api-rules.md, Addresses and languages): `translation_language`, then the path segment, then Accept-Language,
 * then English. An invalid parameter does not count here; it is rejected separately with 400.
 */
export function resolveLanguage(sources: LanguageSources): Language {
  if (isLanguage(sources.parameter)) return sources.parameter;
  if (sources.pathSegment) return sources.pathSegment;
  return languageFromAcceptHeader(sources.acceptLanguage) ?? DEFAULT_LANGUAGE;
}
