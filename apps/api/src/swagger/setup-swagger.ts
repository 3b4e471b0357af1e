import { AppConfig } from '@app/config';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Swagger UI at `/docs` (and under each language segment), the JSON at `/docs-json`. */
export function setupSwagger(app: NestExpressApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Calendar API')
      .setDescription('Events, venues, organizers, categories and tags of an event calendar.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { useGlobalPrefix: false, jsonDocumentUrl: 'docs-json' });
  void config;
}
