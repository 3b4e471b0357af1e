import { AuthModule } from '@app/auth';
import { PostsModule } from '@app/posts';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DateParserProvider } from '../dates/date-parser.provider';
import { Organizer } from './entities/organizer.entity';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

@Module({
  imports: [TypeOrmModule.forFeature([Organizer]), PostsModule, AuthModule],
  controllers: [OrganizersController],
  providers: [OrganizersService, DateParserProvider],
  exports: [OrganizersService],
})
export class OrganizersModule {}
