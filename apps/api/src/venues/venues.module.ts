import { linkedRecordModuleMetadata } from '@app/posts';
import { Module } from '@nestjs/common';
import { VenuePresenter } from './venue.presenter';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';

@Module(linkedRecordModuleMetadata(VenuesController, VenuesService, VenuePresenter))
export class VenuesModule {}
