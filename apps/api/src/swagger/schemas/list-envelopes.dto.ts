import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EventDto } from './event.dto';
import { OrganizerDto } from './organizer.dto';
import { TermDto } from './term.dto';
import { VenueDto } from './venue.dto';

/** Paging links and counts every list carries (contract §3); not a schema of its own. */
export abstract class PageEnvelopeDto {
  /** This page, repeating the effective query with its defaults filled in. */
  rest_url: string;

  /** The next page; only when there is one. */
  next_rest_url?: string;

  /** The previous page; only from page 2 on. */
  previous_rest_url?: string;

  /** Number of records that match, on all pages. */
  @ApiProperty({ type: 'integer' })
  total: number;

  /** Number of pages; 0 when nothing matches. */
  @ApiProperty({ type: 'integer' })
  total_pages: number;
}

/** A page of events. */
@ApiSchema({ name: 'EventList' })
export class EventListDto extends PageEnvelopeDto {
  /** The events of this page. */
  events: EventDto[];
}

/** A page of venues. */
@ApiSchema({ name: 'VenueList' })
export class VenueListDto extends PageEnvelopeDto {
  /** The venues of this page. */
  venues: VenueDto[];
}

/** A page of organizers. */
@ApiSchema({ name: 'OrganizerList' })
export class OrganizerListDto extends PageEnvelopeDto {
  /** The organizers of this page. */
  organizers: OrganizerDto[];
}

/** A page of categories. */
@ApiSchema({ name: 'CategoryList' })
export class CategoryListDto extends PageEnvelopeDto {
  /** The categories of this page. */
  categories: TermDto[];
}

/** A page of tags. */
@ApiSchema({ name: 'TagList' })
export class TagListDto extends PageEnvelopeDto {
  /** The tags of this page. */
  tags: TermDto[];
}
