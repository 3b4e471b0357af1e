import { PostsModule } from '@app/posts';
import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { TagsModule } from '../tags/tags.module';
import { VenuesModule } from '../venues/venues.module';
import { EventLinksService } from './event-links.service';
import { EventListPlanner } from './event-list.planner';
import { EventPresenter } from './event.presenter';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { EventSeriesService } from './event-series.service';
import { OccurrenceWrites } from './occurrence-writes';
import { EventFeedController } from './feed/event-feed.controller';
import { EventFeedService } from './feed/event-feed.service';

@Module({
  imports: [PostsModule, CategoriesModule, TagsModule, VenuesModule, OrganizersModule],
  // The feed routes first: `events/:id` would otherwise take `7.ics` for an ID.
  controllers: [EventFeedController, EventsController],
  providers: [EventsService, EventLinksService, EventListPlanner, EventPresenter, EventFeedService, EventSeriesService, OccurrenceWrites],
  exports: [EventsService],
})
export class EventsModule {}
