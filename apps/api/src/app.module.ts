import { AuthModule } from '@app/auth';
import {
  ApiExceptionFilter,
  ApiValidationPipe,
  ApiRequest,
  DATA_VERSION_SOURCE,
  DataVersionSource,
  ETAG_KEY_SOURCE,
  EtagKeySource,
  HttpCachingInterceptor,
  ErrorResponder,
  ReplyInterceptor,
  RequestContextInterceptor,
  RouteTable,
} from '@app/common';
import { APP_CONFIG, AppConfig, ConfigModule } from '@app/config';
import { DataVersionRepository, DomainModule, seriesGrowthTarget, ServerSecretsRepository } from '@app/domain';
import { ExecutionContext, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { I18nModule } from 'nestjs-i18n';
import { join } from 'node:path';
import { CategoriesModule } from './categories/categories.module';
import { DatabaseModule } from './database/database.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { EventsModule } from './events/events.module';
import { HealthController } from './health/health.controller';
import { TranslationsWithImportMessages } from './imports/import-messages.loader';
import { ImportsModule } from './imports/imports.module';
import { IMPORT_REFRESH_PROVIDERS } from './imports/refresh/import-refresh.providers';
import { ShutdownState } from './lifecycle/shutdown-state';
import { OrganizersModule } from './organizers/organizers.module';
import { TagsModule } from './tags/tags.module';
import { VenuesModule } from './venues/venues.module';

/**
 * nestjs-i18n loads the catalogues and translates; the request's language is resolved by our
 * RequestContextInterceptor alone (it sees the path segment, which nestjs-i18n's resolvers cannot),
 * so the library's own global interceptor is left out rather than run for nothing. Its one
 * resolver only hands over that language, should anything ask nestjs-i18n for it.
 */
function translations() {
  const module = I18nModule.forRoot({
    fallbackLanguage: 'en',
    loader: TranslationsWithImportMessages,
    loaderOptions: { path: join(__dirname, 'i18n'), watch: false },
    resolvers: [{ resolve: (execution: ExecutionContext) => execution.switchToHttp().getRequest<ApiRequest>().context?.language }],
    disableMiddleware: true,
    throwOnMissingKey: false,
    logging: false,
  });
  module.providers = module.providers?.filter(
    (provider) => !(typeof provider === 'object' && 'provide' in provider && provider.provide === APP_INTERCEPTOR),
  );
  return module;
}

@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    DomainModule,
    translations(),
    AuthModule,
    CategoriesModule,
    TagsModule,
    VenuesModule,
    OrganizersModule,
    EventsModule,
    ImportsModule,
    DiscoveryModule,
  ],
  controllers: [HealthController],
  providers: [
    ShutdownState,
    ...IMPORT_REFRESH_PROVIDERS,
    RouteTable,
    ErrorResponder,
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    // Registered in this order, they run in this order: the context first, replies last.
    { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
    {
      // The version also says when an endless series awaits growth at the request's instant.
      provide: DATA_VERSION_SOURCE,
      inject: [DataVersionRepository, APP_CONFIG],
      useFactory: (versions: DataVersionRepository, config: AppConfig): DataVersionSource => ({
        current: (now, db) => versions.current(now, db, seriesGrowthTarget(now, config.recurrenceHorizonMonths)),
      }),
    },
    {
      provide: ETAG_KEY_SOURCE,
      inject: [ServerSecretsRepository],
      useFactory: (secrets: ServerSecretsRepository): EtagKeySource => ({ etagKey: () => secrets.secret('etag') }),
    },
    { provide: APP_INTERCEPTOR, useClass: HttpCachingInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ReplyInterceptor },
    { provide: APP_PIPE, useClass: ApiValidationPipe },
  ],
})
export class AppModule {}
