import { LocalizedQuery, ToBoolean } from '@app/common';
import { IsBoolean, IsOptional } from 'class-validator';

/** Query of DELETE on a record. */
export class DeletePostQuery extends LocalizedQuery {
  /** Delete for good instead of moving to trash (whoever may delete the record). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  force?: boolean;
}
