import { TermsModule } from '@app/terms';
import { Module } from '@nestjs/common';
import { TagsController } from './tags.controller';

@Module({
  imports: [TermsModule],
  controllers: [TagsController],
})
export class TagsModule {}
