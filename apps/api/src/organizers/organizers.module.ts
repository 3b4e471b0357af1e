import { placeModuleMetadata } from '@app/posts';
import { Module } from '@nestjs/common';
import { OrganizerPresenter } from './organizer.mapper';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

@Module(placeModuleMetadata(OrganizersController, OrganizersService, OrganizerPresenter))
export class OrganizersModule {}
