import { Language, LANGUAGES } from '@app/common';
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
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const reportOf = (language: Language) => t.app.get(ApiDocumentation).catalogueReport(language);
  const served = async (language: Language) => (await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document;

  it.each(LANGUAGES)('has an entry in %s/docs.json for every text of the document', (language) => {
    expect(reportOf(language).missing.map(({ key, source }) => `${key ?? '(no key)'}: ${source}`)).toEqual([]);
  });

  it.each(LANGUAGES)('uses every entry of %s/docs.json (no stale translations)', (language) => {
    expect(reportOf(language).unused).toEqual([]);
  });

  it('has the English entry of each DTO comment say what the comment says (reword both, and the German)', () => {
    const { reworded } = reportOf('en');
    expect(reworded.map(({ key, comment, catalogue }) => `${key}: comment "${comment}", en/docs.json "${catalogue}"`)).toEqual([]);
  });

  it('has every text in both languages, at the same places, the German differing from the English', async () => {
    const english = proseByLocation(await served('en'));
    const german = proseByLocation(await served('de'));
    expect([...german.keys()]).toEqual([...english.keys()]);
    expect(
      [...english].filter(([location, text]) => german.get(location) === text).map(([location, text]) => `${location}: ${text}`),
    ).toEqual([]);
    const everything = [...english.values(), ...german.values()];
    expect(everything.filter((text) => text.trim() === '')).toEqual([]);
    expect(everything.filter((text) => RAW_KEY.test(text))).toEqual([]);
  });
});
