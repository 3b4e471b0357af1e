import { DocsTranslator, flattenCatalogue } from './docs-translator';

const catalogues = {
  en: flattenCatalogue({
    api: { title: 'Calendar API' },
    responses: { list: 'A page of records.' },
    events_list: { summary: 'List events', parameters: { page: 'Page of the collection to return.' } },
    Event: { description: 'Description as safe HTML.' },
  }),
  de: flattenCatalogue({
    api: { title: 'Kalender-API' },
    responses: { list: 'Eine Seite mit Einträgen.' },
    events_list: { summary: 'Veranstaltungen auflisten', parameters: { page: 'Seite der Liste, die zurückgegeben wird.' } },
    Event: { description: 'Beschreibung als sicheres HTML.' },
  }),
};

const listOperation = (pageText: string) => ({
  paths: {
    '/events': {
      get: { operationId: 'events_list', summary: 'docs.events_list.summary', parameters: [{ name: 'page', description: pageText }] },
    },
  },
});

describe('flattenCatalogue', () => {
  it('joins nested keys with dots', () => {
    expect(flattenCatalogue({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
  });
});

describe('DocsTranslator', () => {
  const translator = new DocsTranslator(catalogues);

  it('translates docs keys in both languages', () => {
    expect(translator.text('docs.responses.list', 'en')).toBe('A page of records.');
    expect(translator.text('docs.responses.list', 'de')).toBe('Eine Seite mit Einträgen.');
  });

  it('finds a DTO comment by its place: a schema property, an operation parameter', () => {
    const document = {
      ...listOperation('Page of the collection\n   to return.'),
      components: { schemas: { Event: { properties: { description: { type: 'string', description: 'Description as safe HTML.' } } } } },
    };
    const { document: german, missing, reworded, keysUsed } = translator.translate(document, 'de');
    expect(german.paths['/events'].get.summary).toBe('Veranstaltungen auflisten');
    expect(german.paths['/events'].get.parameters[0].description).toBe('Seite der Liste, die zurückgegeben wird.');
    expect(german.components.schemas.Event.properties.description).toEqual({
      type: 'string',
      description: 'Beschreibung als sicheres HTML.',
    });
    expect([missing, reworded]).toEqual([[], []]);
    expect([...keysUsed].sort()).toEqual(['Event.description', 'events_list.parameters.page', 'events_list.summary']);
  });

  it('keeps the German of a reworded comment and reports the rewording', () => {
    const { document: german, reworded } = translator.translate(listOperation('Which page to return.'), 'de');
    expect(german.paths['/events'].get.parameters[0].description).toBe('Seite der Liste, die zurückgegeben wird.');
    expect(reworded).toEqual([
      { key: 'events_list.parameters.page', comment: 'Which page to return.', catalogue: 'Page of the collection to return.' },
    ]);
  });

  it('does not look texts up by their English', () => {
    const document = { components: { schemas: { Venue: { properties: { description: { description: 'Description as safe HTML.' } } } } } };
    expect(translator.translate(document, 'de').missing).toEqual([{ key: 'Venue.description', source: 'Description as safe HTML.' }]);
  });

  it('reports texts without an entry and leaves them as they were', () => {
    const document = {
      info: { title: 'docs.api.title', description: 'docs.api.missing' },
      paths: { '/x': { get: { summary: 'Unknown text' } } },
    };
    const { document: german, missing } = translator.translate(document, 'de');
    expect(german.info.title).toBe('Kalender-API');
    expect(german.info.description).toBe('docs.api.missing');
    expect(german.paths['/x'].get.summary).toBe('Unknown text');
    expect(missing).toEqual([
      { key: 'api.missing', source: 'docs.api.missing' },
      { key: undefined, source: 'Unknown text' },
    ]);
  });

  it('leaves values alone: examples, defaults, enums and titles outside info', () => {
    const document = {
      components: {
        schemas: {
          Thing: {
            title: 'docs.api.title',
            default: { description: 'docs.responses.list' },
            example: { summary: 'docs.responses.list' },
            enum: ['docs.responses.list'],
          },
        },
      },
    };
    expect(translator.translate(document, 'de')).toEqual({ document, missing: [], reworded: [], keysUsed: new Set() });
  });

  it('translates fields that happen to be named like keywords', () => {
    const document = { properties: { default: { description: 'docs.responses.list' }, enum: { description: 'docs.responses.list' } } };
    const { document: german } = translator.translate(document, 'de');
    expect(german.properties.default.description).toBe('Eine Seite mit Einträgen.');
    expect(german.properties.enum.description).toBe('Eine Seite mit Einträgen.');
  });

  it('returns a copy and leaves the source unchanged', () => {
    const document = { info: { title: 'docs.api.title' } };
    const { document: german } = translator.translate(document, 'de');
    expect(german).not.toBe(document);
    expect(document.info.title).toBe('docs.api.title');
  });
});
