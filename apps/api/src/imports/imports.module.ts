import { PostsModule } from '@app/posts';
import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { EventsModule } from '../events/events.module';
import { TagsModule } from '../tags/tags.module';
import { ImportBatches } from './import-batches';
import { ImportGroupWriter } from './import-group.writer';
import { ImportPlaces } from './import-places';
import { ImportRunsService } from './import-runs.service';
import { ImportSourcesService } from './import-sources.service';
import { ImportsController } from './imports.controller';

/** Calendar imports: sources, their runs, and the routes (README, Importing calendars). */
@Module({
  imports: [PostsModule, EventsModule, CategoriesModule, TagsModule],
  controllers: [ImportsController],
  providers: [ImportRunsService, ImportSourcesService, ImportGroupWriter, ImportPlaces, ImportBatches],
  exports: [ImportRunsService],
})
export class ImportsModule {}
