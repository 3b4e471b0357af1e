import { PostsModule } from '@app/posts';
import { Module } from '@nestjs/common';
import { OrganizerPresenter } from './organizer.mapper';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

@Module({
  imports: [PostsModule],
  controllers: [OrganizersController],
  providers: [OrganizersService, OrganizerPresenter],
  exports: [OrganizersService, OrganizerPresenter],
})
export class OrganizersModule {}
