import { Organizer } from '@app/domain';
import { MappingPresenter } from '@app/posts';
import { OrganizerResponse } from './dto/organizer.response';
import { organizerJsonLd, organizerWithoutContent, toOrganizerResponse } from './organizer.mapper';

/** Organizers as returned, JSON-LD added on single reads. */
export class OrganizerPresenter extends MappingPresenter<Organizer, OrganizerResponse>(
  toOrganizerResponse,
  organizerJsonLd,
  organizerWithoutContent,
) {}
