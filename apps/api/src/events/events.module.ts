import { AuthModule } from '@app/auth';
import { PostsModule } from '@app/posts';
import { TermsModule } from '@app/terms';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizersModule } from '../organizers/organizers.module';
import { VenuesModule } from '../venues/venues.module';
import { EventOrganizer, EventTerm, EventVenue } from './entities/event-link.entities';
import { CalendarEvent } from './entities/event.entity';
import { EventLinksService } from './event-links.service';
import { EventPresenter } from './event.presenter';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([CalendarEvent, EventTerm, EventVenue, EventOrganizer]),
    PostsModule,
    AuthModule,
    TermsModule,
    VenuesModule,
    OrganizersModule,
  ],
  controllers: [EventsController],
  providers: [EventsService, EventLinksService, EventPresenter],
  exports: [EventsService],
})
export class EventsModule {}
