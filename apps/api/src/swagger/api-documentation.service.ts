import { API_NAMESPACE, ApiError, apiRoot, docsKey, Language, LANGUAGES, RequestAddress } from '@app/common';
import { Injectable, Logger } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { I18nService } from 'nestjs-i18n';
import { DocsTranslator, flattenCatalogue, MissingText, RewordedComment } from './docs-translator';
import { applyExamples } from './examples/apply-examples';

/** Catalogue file name (= nestjs-i18n namespace) of the documentation texts. */
const DOCS_NAMESPACE = 'docs';

/** Catalogue keys of the server descriptions, used beside the document. */
const serverKey = (segment: Language | undefined) => `servers.${segment ?? 'default'}`;

/** How a language's catalogue and the document meet: each list is empty when they agree. */
interface CatalogueReport {
  /** Texts of the document without an entry. */
  missing: MissingText[];
  /** Entries nothing in the document uses. */
  unused: string[];
  /** DTO comments whose English entry reads otherwise. */
  reworded: RewordedComment[];
}

/**
 * The API documentation in each language, shared by Swagger UI, `/docs-json`, `/{ns}/doc` and
 * the namespace index. The document is built once per language on first use, given that language's
 * examples and translated;
 * requests get a shallow copy that only adds their own server URL.
 */
@Injectable()
export class ApiDocumentation {
  private readonly logger = new Logger('ApiDocumentation');
  private buildSource?: () => OpenAPIObject;
  private errorBody?: (error: ApiError, language: Language) => Record<string, unknown>;
  private translator?: DocsTranslator;
  private readonly documents = new Map<Language, OpenAPIObject>();
  private readonly reports = new Map<Language, CatalogueReport>();

  constructor(private readonly i18n: I18nService) {}

  /**
   * Set by setupSwagger: building the document needs the application, which providers cannot
   * inject; error examples are the bodies the app's error responder sends.
   */
  useSource(build: () => OpenAPIObject, errorBody: (error: ApiError, language: Language) => Record<string, unknown>): void {
    this.buildSource = build;
    this.errorBody = errorBody;
    this.documents.clear();
    this.reports.clear();
  }

  document(language: Language): OpenAPIObject {
    let document = this.documents.get(language);
    if (!document) {
      const { buildSource, errorBody } = this;
      if (!buildSource || !errorBody) throw new Error('API documentation requested before setupSwagger() ran');
      const source = buildSource();
      applyExamples(source, language, (error) => errorBody(error, language));
      const translator = this.docsTranslator();
      const { document: translated, missing, keysUsed, reworded } = translator.translate(source, language);
      if (missing.length > 0) {
        const texts = missing.map(({ key, source }) => `${key ?? '(no key)'}: ${source}`);
        this.logger.warn(`${missing.length} text(s) missing from ${language}/docs.json: ${texts.join(' | ')}`);
      }
      for (const segment of [undefined, ...LANGUAGES]) keysUsed.add(serverKey(segment));
      const unused = translator.keys(language).filter((key) => !keysUsed.has(key));
      this.reports.set(language, { missing, unused, reworded });
      document = translated;
      this.documents.set(language, document);
    }
    return document;
  }

  /**
   * The document in the request's language. Its first server URL is where the request came in
   * (docs/api-rules.md, Discovery); the others are the same API with each language segment and without one, so a
   * client may pick the language of its answers by server.
   */
  forRequest(language: Language, address: RequestAddress): OpenAPIObject {
    const here = `${apiRoot(address)}/${API_NAMESPACE}/`;
    const translator = this.docsTranslator();
    const servers = ([undefined, ...LANGUAGES] as Array<Language | undefined>).map((segment) => ({
      url: `${apiRoot({ ...address, pathLanguage: segment })}/${API_NAMESPACE}/`,
      description: translator.text(docsKey(serverKey(segment)), language),
    }));
    servers.sort((a, b) => Number(b.url === here) - Number(a.url === here));
    return { ...this.document(language), servers };
  }

  /** What the docs test checks: a language's catalogue against the document. */
  catalogueReport(language: Language): CatalogueReport {
    this.document(language);
    return this.reports.get(language) as CatalogueReport;
  }

  docsTranslator(): DocsTranslator {
    if (!this.translator) {
      const translations = this.i18n.getTranslations() as Record<string, Record<string, unknown> | undefined>;
      this.translator = new DocsTranslator({
        en: flattenCatalogue(translations.en?.[DOCS_NAMESPACE]),
        de: flattenCatalogue(translations.de?.[DOCS_NAMESPACE]),
      });
    }
    return this.translator;
  }
}
