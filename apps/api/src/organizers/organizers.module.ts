import { linkedRecordModuleMetadata } from '@app/posts';
import { Module } from '@nestjs/common';
import { OrganizerPresenter } from './organizer.presenter';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

@Module(linkedRecordModuleMetadata(OrganizersController, OrganizersService, OrganizerPresenter))
export class OrganizersModule {}
