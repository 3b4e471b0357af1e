import { TermsModule } from '@app/terms';
import { Module } from '@nestjs/common';
import { CategoriesController } from './categories.controller';

@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
})
export class CategoriesModule {}
