import { OptionalField } from '@app/posts';
import { IsIn } from 'class-validator';
import { EventFieldsDto } from './create-event.dto';

/** Body of `POST|PUT|PATCH /events/{id}` and by slug: fields not sent keep their values. */
export class UpdateEventDto extends EventFieldsDto {
  /**
   * On an occurrence's ID: this (default) changes this occurrence only (title, description, excerpt, start_date, end_date,
   * venue, organizer, cost, website, image, featured, sticky, hide_from_listings); following ends the series before this
   * occurrence and answers 201 with the new series from it on (Location); all changes the series.
   */
  @OptionalField()
  @IsIn(['this', 'following', 'all'])
  scope?: string;
}
