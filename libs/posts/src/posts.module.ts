import { AuthModule } from '@app/auth';
import { DomainModule } from '@app/domain';
import { Module, ModuleMetadata, Type } from '@nestjs/common';
import { ImagesService } from './images.service';
import { PostRecordTools } from './post-record-tools';

/** What every post-like resource module needs: the repositories, users and images. */
@Module({
  imports: [DomainModule, AuthModule],
  providers: [ImagesService, PostRecordTools],
  exports: [DomainModule, AuthModule, ImagesService, PostRecordTools],
})
export class PostsModule {}

/** A venue's or organizer's module: its routes, and its service and presenter, which events use too. */
export function linkedRecordModuleMetadata(controller: Type, service: Type, presenter: Type): ModuleMetadata {
  return { imports: [PostsModule], controllers: [controller], providers: [service, presenter], exports: [service, presenter] };
}
