import { AuthModule } from '@app/auth';
import { DomainModule } from '@app/domain';
import { Module } from '@nestjs/common';
import { ImagesService } from './images.service';
import { PostRecordTools } from './post-record-tools';

/** What every post-like resource module needs: the repositories, users and images. */
@Module({
  imports: [DomainModule, AuthModule],
  providers: [ImagesService, PostRecordTools],
  exports: [DomainModule, AuthModule, ImagesService, PostRecordTools],
})
export class PostsModule {}
