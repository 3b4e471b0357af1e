import { API_NAMESPACE, Language, slugify } from '@app/common';
import { FieldMap, fieldExamples } from '@app/posts';
import { EVENT_FIELDS } from '../../events/event.fields';
import { ORGANIZER_FIELDS } from '../../organizers/organizer.fields';
import { VENUE_FIELDS } from '../../venues/venue.fields';
import { TERM_FIELDS } from '@app/terms';
import { EXAMPLE_TEXTS } from './example-texts';

/*
 * Records as the service returns them (docs/api-rules.md, Records as returned), for the documentation's response examples:
 * one event at one venue with one organizer, a category and two tags, in the language of the
 * document. Keys and value types are those of real answers (a test validates every example
 * against its schema).
 */

type Example = Record<string, unknown>;

const EXAMPLE_SITE = 'https://calendar.example.org';
const SITE_HOST = 'calendar.example.org';
const IDS = { event: 4711, venue: 17, organizer: 23, category: 5, parentCategory: 2, tags: [8, 9], image: 31, author: 1 };
const PUBLISHED = { local: '2027-04-02 11:30:00', utc: '2027-04-02 09:30:00' };
const MODIFIED = { local: '2027-04-03 16:05:12', utc: '2027-04-03 14:05:12' };

/** `https://calendar.example.org[/de]/calendar/events/v1` */
export const restBase = (language: Language) => `${EXAMPLE_SITE}${language === 'de' ? '/de' : ''}/${API_NAMESPACE}`;

const details = (wall: string) => {
  const [year, month, day, hour, minutes, seconds] = wall.split(/[- :]/);
  return { year, month, day, hour, minutes, seconds };
};

/** The fields every post-like record shares. */
function postFields(language: Language, kind: 'event' | 'venue' | 'organizer', id: number, slug: string, texts: Example): Example {
  const globalId = `${SITE_HOST}?id=${id}`;
  return {
    id,
    global_id: globalId,
    global_id_lineage: [globalId],
    author: IDS.author,
    status: 'publish',
    date: PUBLISHED.local,
    date_utc: PUBLISHED.utc,
    modified: MODIFIED.local,
    modified_utc: MODIFIED.utc,
    url: `${EXAMPLE_SITE}/${kind}/${slug}/`,
    rest_url: `${restBase(language)}/${kind}s/${id}`,
    slug,
    ...texts,
    image: false,
  };
}

export function imageExample(): Example {
  return {
    url: 'https://images.example.org/2027/anna-berg-quartet.jpg',
    id: IDS.image,
    extension: 'jpg',
    width: null,
    height: null,
    sizes: {},
  };
}

/** A venue or organizer: the shared fields, its name, the declared fields' examples, then texts of the language. */
function linkedRecordExample(
  language: Language,
  kind: 'venue' | 'organizer',
  texts: { name: string; description: string },
  fields: FieldMap,
  own: Example,
): Example {
  return {
    ...postFields(language, kind, IDS[kind], slugify(texts.name), { description: texts.description, excerpt: '' }),
    [kind]: texts.name,
    ...fieldExamples(fields),
    ...own,
  };
}

export function venueExample(language: Language): Example {
  const { venue } = EXAMPLE_TEXTS[language];
  const { address, city, country, province, zip } = venue;
  return linkedRecordExample(language, 'venue', venue, VENUE_FIELDS, { address, city, country, province, zip, stateprovince: province });
}

export function organizerExample(language: Language): Example {
  const { organizer } = EXAMPLE_TEXTS[language];
  return linkedRecordExample(language, 'organizer', organizer, ORGANIZER_FIELDS, { email: organizer.email });
}

/** `parent`: the parent category's ID and name, or none. */
function termExample(
  language: Language,
  taxonomy: 'category' | 'tag',
  id: number,
  name: string,
  description: string,
  parent?: { id: number; name: string },
): Example {
  const slug = slugify(name);
  const collection = taxonomy === 'category' ? 'categories' : 'tags';
  const urls: Example = { self: `${restBase(language)}/${collection}/${id}`, collection: `${restBase(language)}/${collection}` };
  if (parent) urls.up = `${restBase(language)}/categories/${parent.id}`;
  const path = taxonomy === 'category' ? ['events/category', ...(parent ? [slugify(parent.name)] : []), slug] : ['tag', slug];
  // Every declared field in its order (term.fields.ts): the machinery's with their examples, the
  // hand-written ones and the texts of the language set below.
  return {
    ...Object.fromEntries(Object.keys(TERM_FIELDS).map((key) => [key, undefined])),
    ...fieldExamples(TERM_FIELDS),
    id,
    name,
    slug,
    description,
    taxonomy: taxonomy === 'category' ? 'tribe_events_cat' : 'post_tag',
    parent: parent?.id ?? 0,
    count: taxonomy === 'category' ? 12 : 7,
    url: `${EXAMPLE_SITE}/${path.join('/')}/`,
    meta: [],
    urls,
  };
}

export const categoryExample = (language: Language) => {
  const { category } = EXAMPLE_TEXTS[language];
  return termExample(language, 'category', IDS.category, category.name, category.description, {
    id: IDS.parentCategory,
    name: category.parent,
  });
};

export const tagExamples = (language: Language) =>
  EXAMPLE_TEXTS[language].tags.map((name, index) => termExample(language, 'tag', IDS.tags[index], name, ''));

export function eventExample(language: Language): Example {
  const { event } = EXAMPLE_TEXTS[language];
  const euro = event.cost.startsWith('€');
  const start = { local: '2027-06-12 20:00:00', utc: '2027-06-12 18:00:00' };
  const end = { local: '2027-06-12 23:00:00', utc: '2027-06-12 21:00:00' };
  // Every declared field in its order (event.fields.ts): the machinery's with their examples, the
  // hand-written ones set below (one left unset would be missing, and the examples test fails).
  const inDeclaredOrder = Object.fromEntries(Object.keys(EVENT_FIELDS).map((key) => [key, undefined]));
  return {
    ...postFields(language, 'event', IDS.event, slugify(event.title), { description: event.description, excerpt: event.excerpt }),
    title: event.title,
    image: imageExample(),
    ...inDeclaredOrder,
    ...fieldExamples(EVENT_FIELDS),
    start_date: start.local,
    start_date_details: details(start.local),
    end_date: end.local,
    end_date_details: details(end.local),
    utc_start_date: start.utc,
    utc_start_date_details: details(start.utc),
    utc_end_date: end.utc,
    utc_end_date_details: details(end.utc),
    timezone: 'Europe/Berlin',
    timezone_abbr: 'CEST',
    cost: event.cost,
    cost_details: { currency_symbol: '€', currency_code: '', currency_position: euro ? 'prefix' : 'postfix', values: ['25'] },
    categories: [categoryExample(language)],
    tags: tagExamples(language),
    venue: venueExample(language),
    organizer: [organizerExample(language)],
    custom_fields: [],
    recurrence: recurrenceExample(language),
    recurring_event_id: null,
    recurrence_id: null,
    recurrence_id_utc: null,
    import: null,
  };
}

/** The example event is a weekly series: ten Saturdays from its first. */
export function recurrenceExample(language: Language): Example {
  return {
    rrule: 'FREQ=WEEKLY;COUNT=10;BYDAY=SA',
    rdates: [],
    exdates: ['2027-07-03 20:00:00'],
    text: language === 'de' ? 'Jede Woche am Samstag, 10-mal' : 'Every week on Saturday, 10 times',
  };
}

/** A single record's GET adds its schema.org description. */
export function jsonLdExample(language: Language): Example {
  const event = eventExample(language);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: '2027-06-12T20:00:00+02:00',
    endDate: '2027-06-12T23:00:00+02:00',
    url: event.url,
    location: { '@type': 'Place', name: EXAMPLE_TEXTS[language].venue.name },
    organizer: [{ '@type': 'Organization', name: EXAMPLE_TEXTS[language].organizer.name }],
  };
}

/** A list envelope (docs/api-rules.md, Lists): page 2 of 3, ten per page. */
export function listExample(language: Language, key: string, item: Example): Example {
  const url = `${restBase(language)}/${key}`;
  return {
    [key]: [item],
    rest_url: `${url}?page=2&per_page=10`,
    next_rest_url: `${url}?page=3&per_page=10`,
    previous_rest_url: `${url}?per_page=10`,
    total: 21,
    total_pages: 3,
  };
}

export function errorExample(language: Language): Example {
  const { error } = EXAMPLE_TEXTS[language];
  return { code: 'rest_invalid_param', message: error.message, data: { status: 400, params: { start_date: error.reason }, details: {} } };
}
