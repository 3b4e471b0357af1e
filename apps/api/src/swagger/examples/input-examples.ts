import { Language } from '@app/common';
import { FieldMap, fieldExamples } from '@app/posts';
import { EVENT_FIELDS } from '../../events/event.fields';
import { ORGANIZER_FIELDS } from '../../organizers/organizer.fields';
import { VENUE_FIELDS } from '../../venues/venue.fields';
import { EXAMPLE_TEXTS } from './example-texts';
import { categoryExample, imageExample, organizerExample, venueExample } from './record-examples';

/*
 * Request bodies for the documentation, in the document's language. `*Body` functions give what
 * Swagger UI pre-fills for "Try it out": bodies the service accepts as they are (201 or 200, as an
 * administrator), without fields that would hide or lock the record (a publication date ahead, a
 * password) or name records that may not exist (an author, a parent). `*Fields` give an example
 * for every field a body may carry, for the schemas.
 */

type Example = Record<string, unknown>;

const pick = (record: Example, keys: string[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));

/** The fields of the example bodies; the field examples show every declared one. */
const VENUE_BODY_FIELDS = ['venue', 'address', 'city', 'country', 'zip', 'phone', 'website', 'geo_lat', 'geo_lng'];
const ORGANIZER_BODY_FIELDS = ['organizer', 'email', 'phone', 'website'];

/** What every post-like body may carry besides its own fields. */
function commonFields(language: Language, slug: string, description: string): Example {
  return {
    author: 1,
    date: '2027-04-02 11:30',
    date_utc: '2027-04-02 09:30',
    status: 'publish',
    description,
    slug,
    image: imageExample().url,
    password: EXAMPLE_TEXTS[language].event.password,
  };
}

/** A venue's or organizer's examples: `body` to create one, `update` to change it, `fields` every field a body may carry. */
interface LinkedRecordInputs {
  body: Example;
  update: Example;
  fields: Example;
}

function linkedRecordInputs(language: Language, record: Example, own: string[], declared: FieldMap, update: string[]): LinkedRecordInputs {
  const writable = Object.keys(fieldExamples(declared, true));
  return {
    body: { ...pick(record, own), description: record.description },
    update: pick(record, update),
    fields: { ...commonFields(language, String(record.slug), String(record.description)), ...pick(record, [own[0], ...writable]) },
  };
}

export const venueInputs = (language: Language): LinkedRecordInputs =>
  linkedRecordInputs(language, venueExample(language), VENUE_BODY_FIELDS, VENUE_FIELDS, ['phone', 'website']);

export const organizerInputs = (language: Language): LinkedRecordInputs =>
  linkedRecordInputs(language, organizerExample(language), ORGANIZER_BODY_FIELDS, ORGANIZER_FIELDS, ['email', 'phone']);

/** A new event at a new venue with a new organizer, in a category and with tags given by name. */
export function eventBody(language: Language): Example {
  const { event, category, tags } = EXAMPLE_TEXTS[language];
  return {
    title: event.title,
    description: event.description,
    excerpt: event.excerpt,
    status: 'publish',
    start_date: '2027-06-12 20:00',
    end_date: '2027-06-12 23:00',
    timezone: 'Europe/Berlin',
    cost: event.cost,
    image: imageExample().url,
    // The website and the flags: their declared examples (event.fields.ts).
    ...fieldExamples(EVENT_FIELDS, true),
    venue: pick(venueExample(language), VENUE_BODY_FIELDS),
    organizer: [pick(organizerExample(language), ORGANIZER_BODY_FIELDS)],
    categories: [category.name],
    tags: [...tags],
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=10', rdates: [], exdates: ['2027-07-03 20:00'] },
  };
}

export function eventUpdateBody(language: Language): Example {
  const { event } = EXAMPLE_TEXTS[language];
  return { excerpt: event.excerpt, cost: event.cost.replace('25', '30'), featured: false };
}

export function eventFields(language: Language): Example {
  const body = eventBody(language);
  return { ...commonFields(language, 'anna-berg-quartet', String(body.description)), ...body };
}

/** A category on its own: the parent of the one the event example creates, so both bodies can be tried. */
export function categoryBody(language: Language): Example {
  return { name: EXAMPLE_TEXTS[language].category.parent, description: EXAMPLE_TEXTS[language].category.description };
}

export const categoryUpdateBody = (language: Language): Example => ({ description: EXAMPLE_TEXTS[language].category.description });

export function categoryFields(language: Language): Example {
  const category = categoryExample(language);
  return { ...pick(category, ['name', 'slug', 'description']), parent: 0 };
}

/** A tag the event example does not create, so both bodies can be tried. */
export const tagBody = (language: Language): Example => ({ name: language === 'de' ? 'Saxophon' : 'saxophone' });

export const tagUpdateBody = (language: Language): Example => ({
  description: language === 'de' ? 'Alles rund ums Saxophon.' : 'All about the saxophone.',
});

export const tagFields = (language: Language): Example => ({
  ...tagBody(language),
  slug: 'saxophone',
  description: tagUpdateBody(language).description,
});

/** Examples of the named input shapes (input-schemas.ts). */
export function namedInputExamples(language: Language): Record<string, unknown> {
  const { event, category, tags } = EXAMPLE_TEXTS[language];
  return {
    DateInput: '2027-06-12 20:00',
    ImageInput: imageExample().url,
    CostInput: event.cost,
    TermReference: category.name,
    TermReferences: [category.name, tags[0]],
    RecordIdReference: { id: venueExample(language).id },
    VenueReference: venueExample(language).id,
    VenueReferences: { id: venueExample(language).id },
    OrganizerReference: organizerExample(language).id,
    OrganizerReferences: [organizerExample(language).id],
    RecurrenceInput: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=10', rdates: [], exdates: ['2027-07-03 20:00'] },
  };
}
