import { API_NAMESPACE } from '@app/common';
import { CalendarEvent } from '@app/domain';
import { PostController } from '@app/posts';
import { Controller, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CreateEventDto, EventFieldsDto } from './dto/create-event.dto';
import { DeletedEventResponse, EventListResponse, EventResponse } from './dto/event.response';
import { ListEventsQuery } from './dto/list-events.query';
import { UpdateEventDto } from './dto/update-event.dto';
import { DeleteEventQuery } from './dto/delete-event.query';
import { EventPresenter } from './event.presenter';
import { EventsService } from './events.service';
import { ScopeFromQueryInterceptor } from './scope-from-query.interceptor';

@ApiTags('events')
@UseInterceptors(ScopeFromQueryInterceptor)
@Controller(`${API_NAMESPACE}/events`)
export class EventsController extends PostController<CalendarEvent, EventFieldsDto, EventResponse>({
  createDto: CreateEventDto,
  updateDto: UpdateEventDto,
  listQuery: ListEventsQuery,
  response: EventResponse,
  listResponse: EventListResponse,
  deletedResponse: DeletedEventResponse,
  deleteQuery: DeleteEventQuery,
}) {
  constructor(service: EventsService, presenter: EventPresenter) {
    super(service, presenter);
  }
}
