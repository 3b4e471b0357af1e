import { ApiRequest, ErrorResponder, Errors, requestLanguage } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Response } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import { buildApiDocument } from './api-document';
import { ApiDocumentation } from './api-documentation.service';

const DOCS_PATH = /^\/docs(?:-json)?(?:\/|$)/;

/**
 * Swagger UI at `/docs` and the JSON at `/docs-json`, both reached under BASE_PATH and `/en`|`/de`
 * like every route (the request-context middleware strips those first). The UI's language is the
 * request's: its path segment, else Accept-Language (its init script is loaded without the page's
 * query string, so `?translation_language=` cannot reach it). The document is the one `/{ns}/doc`
 * serves, so "Try it out" calls the service where the page was loaded.
 */
export function setupSwagger(app: NestExpressApplication): void {
  const documentation = app.get(ApiDocumentation);
  const responder = app.get(ErrorResponder);
  documentation.useSource(
    () => buildApiDocument(app),
    (error, language) => ({ ...responder.bodyOf(error, language) }),
  );
  // Swagger's routes are not Nest routes: no interceptor checks `translation_language` for them.
  app.use((req: ApiRequest, _res: Response, next: NextFunction) => {
    if (DOCS_PATH.test(req.path) && requestLanguage(req).invalidParameter) {
      return next(Errors.invalidParam('translation_language', 'validation.isIn', { c0: 'en, de' }));
    }
    next();
  });
  SwaggerModule.setup('docs', app, () => documentation.document('en'), {
    useGlobalPrefix: false,
    jsonDocumentUrl: 'docs-json',
    raw: ['json'],
    customSiteTitle: 'Calendar API',
    patchDocumentOnRequest: (req) => documentation.forRequest(requestLanguage(req as ApiRequest).language, (req as ApiRequest).address),
    // A token kept in localStorage outlives the tab and is readable by any script on the origin:
    // only when the operator asks for it.
    swaggerOptions: {
      persistAuthorization: app.get<AppConfig>(APP_CONFIG).swaggerPersistAuthorization,
      displayOperationId: false,
      docExpansion: 'list',
      tryItOutEnabled: false,
    },
  });
}
