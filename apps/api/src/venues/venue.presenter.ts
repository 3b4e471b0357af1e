import { Venue } from '@app/domain';
import { MappingPresenter } from '@app/posts';
import { VenueResponse } from './dto/venue.response';
import { toVenueResponse, venueJsonLd, venueWithoutContent } from './venue.mapper';

/** Venues as returned, JSON-LD added on single reads. */
export class VenuePresenter extends MappingPresenter<Venue, VenueResponse>(toVenueResponse, venueJsonLd, venueWithoutContent) {}
