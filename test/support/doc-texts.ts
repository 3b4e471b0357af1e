/** Keys whose string values are prose meant for readers (and so must be translated). */
const PROSE = new Set(['description', 'summary']);
const LITERALS = new Set(['example', 'examples', 'default', 'enum']);

/**
 * Every human-readable text of a JSON document by its location (`paths./events.get.summary`),
 * so two languages of one document can be compared text by text.
 */
export function proseByLocation(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => proseByLocation(item, `${path}[${index}]`, out));
  else if (value !== null && typeof value === 'object') {
    // In a `properties` map the keys are field names (a field may be called `default`), not keywords.
    const namesFields = path.endsWith('.properties');
    for (const [key, child] of Object.entries(value)) {
      const location = path ? `${path}.${key}` : key;
      if (!namesFields && typeof child === 'string' && (PROSE.has(key) || location === 'info.title')) out.set(location, child);
      else if (namesFields || !LITERALS.has(key)) proseByLocation(child, location, out);
    }
  }
  return out;
}

/** A translation key that leaked into output (`docs.responses.list`): one dotted token, no prose. */
export const RAW_KEY = /^[a-z_]+(\.[A-Za-z_]+)+$/;

/** Whitespace-insensitive form of a text, as the Swagger plugin may rewrap comments. */
export const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();
