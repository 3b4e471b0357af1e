import { placeModuleMetadata } from '@app/posts';
import { Module } from '@nestjs/common';
import { VenuePresenter } from './venue.mapper';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';

@Module(placeModuleMetadata(VenuesController, VenuesService, VenuePresenter))
export class VenuesModule {}
