import { AuthModule } from '@app/auth';
import { ApiExceptionFilter, ErrorResponder, RequestLanguageResolver, RouteTable, validationExceptionFactory } from '@app/common';
import { ConfigModule } from '@app/config';
import { Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { I18nModule } from 'nestjs-i18n';
import { join } from 'node:path';
import { CategoriesModule } from './categories/categories.module';
import { DatabaseModule } from './database/database.module';
import { HealthController } from './health/health.controller';
import { TagsModule } from './tags/tags.module';
import { VenuesModule } from './venues/venues.module';
import { OrganizersModule } from './organizers/organizers.module';
import { EventsModule } from './events/events.module';
import { DiscoveryModule } from './discovery/discovery.module';

@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    I18nModule.forRoot({
      fallbackLanguage: 'en',
      loaderOptions: { path: join(__dirname, 'i18n'), watch: false },
      resolvers: [RequestLanguageResolver],
      // Language is resolved once per request by our middleware; no second pass needed.
      disableMiddleware: true,
      throwOnMissingKey: false,
      logging: false,
    }),
    AuthModule,
    CategoriesModule,
    TagsModule,
    VenuesModule,
    OrganizersModule,
    EventsModule,
    DiscoveryModule,
  ],
  controllers: [HealthController],
  providers: [
    RouteTable,
    ErrorResponder,
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    {
      provide: APP_PIPE,
      useValue: new ValidationPipe({
        whitelist: true,
        transform: true,
        // The factory needs the target (for constraint values) and the value (missing vs. invalid).
        validationError: { target: true, value: true },
        exceptionFactory: validationExceptionFactory,
      }),
    },
  ],
})
export class AppModule {}
