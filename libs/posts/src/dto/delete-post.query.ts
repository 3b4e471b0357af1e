import { LocalizedQuery, ToBoolean } from '@app/common';
import { IsBoolean, IsOptional } from 'class-validator';

/** Query of DELETE on a record. */
export class DeletePostQuery extends LocalizedQuery {
  /** Delete for good instead of moving to trash (editors and administrators). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  force?: boolean;
}
