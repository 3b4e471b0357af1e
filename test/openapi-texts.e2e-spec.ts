import type { OpenAPIV3 } from 'openapi-types';
import { ApiDocumentation } from '../apps/api/src/swagger/api-documentation.service';
import { proseByLocation, RAW_KEY } from './support/doc-texts';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * The texts of the OpenAPI document come from apps/api/src/i18n/{en,de}/docs.json, keyed by their
 * place in the document (`Venue.phone`, `events_list.parameters.page`) or by an explicit `docs.`
 * key (README, "Documentation texts"). Rewording a DTO comment, adding a described property or
 * leaving an entry behind fails here, so no German text is lost or stale unnoticed.
 */

type Document = OpenAPIV3.Document;

describe('the texts of the OpenAPI document', () => {
  let t: TestApp;
  let en: Document;
  let de: Document;

  beforeAll(async () => {
    t = await createTestApp();
    en = (await t.http.get(`${NS}/doc`).expect(200)).body as Document;
    de = (await t.http.get(`/de${NS}/doc`).expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it.each(['en', 'de'] as const)('has an entry in %s/docs.json for every text of the document', (language) => {
    const { missing } = t.app.get(ApiDocumentation).catalogueReport(language);
    expect(missing.map(({ key, source }) => `${key ?? '(no key)'}: ${source}`)).toEqual([]);
  });

  it.each(['en', 'de'] as const)('uses every entry of %s/docs.json (no stale translations)', (language) => {
    expect(t.app.get(ApiDocumentation).catalogueReport(language).unused).toEqual([]);
  });

  it('has the English entry of each DTO comment say what the comment says (reword both, and the German)', () => {
    const { reworded } = t.app.get(ApiDocumentation).catalogueReport('en');
    expect(reworded.map(({ key, comment, catalogue }) => `${key}: comment "${comment}", en/docs.json "${catalogue}"`)).toEqual([]);
  });

  it('has every text in both languages, at the same places, the German differing from the English', () => {
    const english = proseByLocation(en);
    const german = proseByLocation(de);
    expect([...german.keys()]).toEqual([...english.keys()]);
    expect(
      [...english].filter(([location, text]) => german.get(location) === text).map(([location, text]) => `${location}: ${text}`),
    ).toEqual([]);
    const everything = [...english.values(), ...german.values()];
    expect(everything.filter((text) => text.trim() === '')).toEqual([]);
    expect(everything.filter((text) => RAW_KEY.test(text))).toEqual([]);
  });
});
