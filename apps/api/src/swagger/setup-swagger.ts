import { ApiRequest } from '@app/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { buildApiDocument } from './api-document';
import { ApiDocumentation } from './api-documentation.service';

/**
 * Swagger UI at `/docs` and the JSON at `/docs-json`, both reached under BASE_PATH and `/en`|`/de`
 * like every route (the request-context middleware strips those first). The UI's language is the
 * request's: its path segment, else Accept-Language (its init script is loaded without the page's
 * query string, so `?translation_language=` cannot reach it). The document is the one `/{ns}/doc`
 * serves, so "Try it out" calls the service where the page was loaded.
 */
export function setupSwagger(app: NestExpressApplication): void {
  const documentation = app.get(ApiDocumentation);
  documentation.useSource(() => buildApiDocument(app));
  SwaggerModule.setup('docs', app, () => documentation.document('en'), {
    useGlobalPrefix: false,
    jsonDocumentUrl: 'docs-json',
    raw: ['json'],
    customSiteTitle: 'Calendar API',
    patchDocumentOnRequest: (req) => documentation.forRequest((req as ApiRequest).context),
    swaggerOptions: { persistAuthorization: true, displayOperationId: false, docExpansion: 'list', tryItOutEnabled: false },
  });
}
