import { PostsModule } from '@app/posts';
import { Module } from '@nestjs/common';
import { VenuePresenter } from './venue.mapper';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';

@Module({
  imports: [PostsModule],
  controllers: [VenuesController],
  providers: [VenuesService, VenuePresenter],
  exports: [VenuesService, VenuePresenter],
})
export class VenuesModule {}
