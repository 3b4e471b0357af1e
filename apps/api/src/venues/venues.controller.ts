import { API_NAMESPACE } from '@app/common';
import { Venue } from '@app/domain';
import { PostController } from '@app/posts';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateVenueDto, VenueFieldsDto } from './dto/create-venue.dto';
import { ListVenuesQuery } from './dto/list-venues.query';
import { UpdateVenueDto } from './dto/update-venue.dto';
import { DeletedVenueResponse, VenueListResponse, VenueResponse } from './dto/venue.response';
import { VenuePresenter } from './venue.presenter';
import { VenuesService } from './venues.service';

@ApiTags('venues')
@Controller(`${API_NAMESPACE}/venues`)
export class VenuesController extends PostController<Venue, VenueFieldsDto, VenueResponse>({
  createDto: CreateVenueDto,
  updateDto: UpdateVenueDto,
  listQuery: ListVenuesQuery,
  response: VenueResponse,
  listResponse: VenueListResponse,
  deletedResponse: DeletedVenueResponse,
}) {
  constructor(service: VenuesService, presenter: VenuePresenter) {
    super(service, presenter);
  }
}
