import { Language } from '@app/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The words of the API documentation's examples, one set per language (translated in
 * i18n/<language>/examples.json): the English document shows an English event, the German one a German event. Everything else of the examples (IDs,
 * dates, URLs, flags) is derived from these in record-examples.ts, so both stay one consistent story.
 */
interface ExampleTexts {
  event: { title: string; description: string; excerpt: string; cost: string; password: string };
  venue: { name: string; description: string; address: string; city: string; country: string; zip: string; province: string };
  organizer: { name: string; description: string; email: string };
  category: { name: string; description: string; parent: string };
  tags: [string, string];
  /** A `rest_invalid_param` answer as the service words it. */
  error: { message: string; reason: string };
  /** One argument of the namespace index, as the index describes it. */
  indexArg: string;
}

/** The texts as translated, beside every other text of the service (i18n/<language>/examples.json). */
function examplesOf(language: Language): ExampleTexts {
  const file = join(__dirname, '..', '..', 'i18n', language, 'examples.json');
  const { tags, ...texts } = JSON.parse(readFileSync(file, 'utf8')) as Omit<ExampleTexts, 'tags'> & {
    tags: { first: string; second: string };
  };
  return { ...texts, tags: [tags.first, tags.second] };
}

export const EXAMPLE_TEXTS: Record<Language, ExampleTexts> = { en: examplesOf('en'), de: examplesOf('de') };
