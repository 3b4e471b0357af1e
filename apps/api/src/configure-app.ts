import { ApiRequest, ErrorResponder, methodOverrideMiddleware, optionsMiddleware, requestAddressMiddleware, RouteTable } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { createRootLogger } from './logging/root-logger';
import { requestLogger } from './logging/request-logger';
import { setupSwagger } from './swagger/setup-swagger';

const BODY_LIMIT = '1mb';

/**
 * Everything about the HTTP pipeline that is not a Nest module, shared by main.ts and the e2e
 * tests so that tests exercise exactly what production runs.
 */
export function configureApp(app: NestExpressApplication, logger?: Logger): AppConfig {
  const config = app.get<AppConfig>(APP_CONFIG);
  const responder = app.get(ErrorResponder);
  const instance = app.getHttpAdapter().getInstance() as express.Express;

  // `x[]=1&x[]=2` arrays (contract §3) need the extended parser; Express 5 defaults to simple.
  instance.set('query parser', 'extended');
  instance.set('trust proxy', 'loopback');
  instance.disable('x-powered-by');

  app.use(requestAddressMiddleware(config));
  // Right after the request id is known: every request is logged, body-parser failures included.
  app.use(requestLogger(logger ?? createRootLogger(config)));
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      exposedHeaders: ['X-TEC-Total', 'X-TEC-TotalPages', 'Link', 'Location', 'X-Request-Id', 'Content-Language'],
    });
  }
  // Before anything looks at the method: a POST standing for PUT, PATCH or DELETE is that method.
  app.use(methodOverrideMiddleware());
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ limit: BODY_LIMIT, extended: true }));
  app.use(optionsMiddleware(app.get(RouteTable)));
  // Failures above (bad JSON, too large) happen before Nest's filters.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    responder.send(error, req as ApiRequest, res);
  });
  // After the middleware above: Swagger's routes live on the HTTP adapter, outside Nest's pipeline.
  setupSwagger(app);
  app.enableShutdownHooks();
  return config;
}
