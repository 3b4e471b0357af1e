import { VenueFieldsDto } from './create-venue.dto';

/** Body of `POST|PUT|PATCH /venues/{id}` and by slug: fields not sent keep their values. */
export class UpdateVenueDto extends VenueFieldsDto {}
