import {
  ApiRequest,
  ErrorResponder,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  MAX_FORM_FIELDS,
  mediaTypesMiddleware,
  methodOverrideMiddleware,
  optionsMiddleware,
  requestAddressMiddleware,
  RouteTable,
  securityHeadersMiddleware,
  verifyJsonDepth,
} from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Logger as NestLogger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { feedNegotiationMiddleware } from './events/feed/feed-negotiation.middleware';
import { calendarUploadMiddleware, hasCalendarUpload } from './imports/calendar-upload.middleware';
import { createRootLogger } from './logging/root-logger';
import { requestLogger } from './logging/request-logger';
import { setupSwagger } from './swagger/setup-swagger';

/**
 * Everything about the HTTP pipeline that is not a Nest module, shared by main.ts and the e2e
 * tests so that tests exercise exactly what production runs.
 */
export function configureApp(app: NestExpressApplication, logger?: Logger): AppConfig {
  const config = app.get<AppConfig>(APP_CONFIG);
  const responder = app.get(ErrorResponder);
  const instance = app.getHttpAdapter().getInstance() as express.Express;

  // `x[]=1&x[]=2` arrays (docs/api-rules.md, Lists) need the extended parser; Express 5 defaults to simple.
  instance.set('query parser', 'extended');
  // X-Forwarded-* count only from the proxies TRUST_PROXY names (docs/api-rules.md, Addresses and languages); default none.
  instance.set('trust proxy', config.security.trustProxy);
  if (config.security.trustProxy === true) {
    // Every hop trusted: the client's own X-Forwarded-For becomes its address (rate limits per
    // address then count what the client says) and its X-Forwarded-Host its host.
    new NestLogger('Security').warn(
      'TRUST_PROXY=true trusts X-Forwarded-For, -Host and -Proto from every client: any client chooses its address for the rate limits. Name the proxy instead (TRUST_PROXY=loopback, its address or subnet, or a hop count).',
    );
  }
  instance.disable('x-powered-by');
  // Express's ETag is a weak hash of the built body; reads get strong ETags from the data version
  // instead (HttpCachingInterceptor, docs/api-rules.md, HTTP caching and preconditions), and errors none.
  instance.set('etag', false);
  // `<`, `>` and `&` as \u escapes in every JSON answer (toJsonText): safe inside a <script>.
  instance.set('json escape', true);

  // First, so that every answer (errors before routing too) carries them.
  app.use(securityHeadersMiddleware(config));
  app.use(requestAddressMiddleware(config));
  // Right after the request id is known: every request is logged, body-parser failures included.
  app.use(requestLogger(logger ?? createRootLogger(config)));
  app.use(feedNegotiationMiddleware);
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      exposedHeaders: [
        'X-TEC-Total',
        'X-TEC-TotalPages',
        'Link',
        'Location',
        'X-Request-Id',
        'Content-Language',
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ],
    });
  }
  // Before anything looks at the method: a POST standing for PUT, PATCH or DELETE is that method.
  app.use(methodOverrideMiddleware());
  // Bodies are JSON or forms (docs/api-rules.md, Writes); any other is a 415, not a body silently ignored.
  // A calendar file as the body of an import (text/calendar, up to IMPORT_MAX_BYTES), read before the check.
  app.use(calendarUploadMiddleware(config.imports.maxBytes));
  app.use(mediaTypesMiddleware(hasCalendarUpload));
  // Size, depth and field-count limits (README, Security): no body makes the validation pipe recurse
  // without bound; each failure has its own error code (body-limits.ts).
  app.use(express.json({ limit: MAX_BODY_BYTES, type: ['application/json', 'application/*+json'], verify: verifyJsonDepth }));
  // body-parser 2 reads `depth`; its type declarations do not list it yet.
  const formOptions = { limit: MAX_BODY_BYTES, extended: true, depth: MAX_BODY_DEPTH, parameterLimit: MAX_FORM_FIELDS };
  app.use(express.urlencoded(formOptions as Parameters<typeof express.urlencoded>[0]));
  app.use(optionsMiddleware(app.get(RouteTable)));
  // Failures above (bad JSON, too large) happen before Nest's filters.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    responder.send(error, req as ApiRequest, res);
  });
  // After the middleware above: Swagger's routes live on the HTTP adapter, outside Nest's pipeline.
  setupSwagger(app);
  // Signals are handled by main.ts (lifecycle/graceful-shutdown.ts), not by Nest's shutdown hooks.
  return config;
}
