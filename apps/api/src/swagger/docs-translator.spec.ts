import { DocsTranslator, flattenCatalogue } from './docs-translator';

const catalogues = {
  en: flattenCatalogue({
    api: { title: 'Calendar API' },
    responses: { list: 'A page of records.' },
    query: { page: 'Page of the collection to return.' },
    records: { description: 'Description as safe HTML.' },
  }),
  de: flattenCatalogue({
    api: { title: 'Kalender-API' },
    responses: { list: 'Eine Seite mit Einträgen.' },
    query: { page: 'Seite der Liste, die zurückgegeben wird.' },
    records: { description: 'Beschreibung als sicheres HTML.' },
  }),
};

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

  it('finds the German of a DTO comment through its English text, however it was wrapped', () => {
    expect(translator.text('Page of the collection\n   to return.', 'de')).toBe('Seite der Liste, die zurückgegeben wird.');
  });

  it('does not match English text of groups that are looked up by key only', () => {
    expect(translator.text('A page of records.', 'de')).toBeUndefined();
  });

  it('translates prose at any depth and reports what it could not translate', () => {
    const document = {
      info: { title: 'docs.api.title', description: 'docs.api.missing' },
      paths: {
        '/x': { get: { summary: 'Unknown text', parameters: [{ name: 'page', description: 'Page of the collection to return.' }] } },
      },
      components: { schemas: { Event: { properties: { description: { type: 'string', description: 'Description as safe HTML.' } } } } },
    };
    const { document: german, untranslated } = translator.translate(document, 'de');
    expect(german.info.title).toBe('Kalender-API');
    expect(german.paths['/x'].get.parameters[0].description).toBe('Seite der Liste, die zurückgegeben wird.');
    expect(german.components.schemas.Event.properties.description).toEqual({
      type: 'string',
      description: 'Beschreibung als sicheres HTML.',
    });
    expect(german.info.description).toBe('docs.api.missing');
    expect(german.paths['/x'].get.summary).toBe('Unknown text');
    expect(untranslated.sort()).toEqual(['Unknown text', 'docs.api.missing']);
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
    expect(translator.translate(document, 'de')).toEqual({ document, untranslated: [] });
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
