import { API_NAMESPACE } from '@app/common';
import { Organizer } from '@app/domain';
import { PostController } from '@app/posts';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateOrganizerDto, OrganizerFieldsDto } from './dto/create-organizer.dto';
import { ListOrganizersQuery } from './dto/list-organizers.query';
import { UpdateOrganizerDto } from './dto/update-organizer.dto';
import { DeletedOrganizerResponse, OrganizerListResponse, OrganizerResponse } from './dto/organizer.response';
import { OrganizerPresenter } from './organizer.presenter';
import { OrganizersService } from './organizers.service';

@ApiTags('organizers')
@Controller(`${API_NAMESPACE}/organizers`)
export class OrganizersController extends PostController<Organizer, OrganizerFieldsDto, OrganizerResponse>({
  createDto: CreateOrganizerDto,
  updateDto: UpdateOrganizerDto,
  listQuery: ListOrganizersQuery,
  response: OrganizerResponse,
  listResponse: OrganizerListResponse,
  deletedResponse: DeletedOrganizerResponse,
}) {
  constructor(service: OrganizersService, presenter: OrganizerPresenter) {
    super(service, presenter);
  }
}
