import { DeletePostQuery } from '@app/posts';
import { IsIn, IsOptional } from 'class-validator';

/** Query of `DELETE /events/{id}` and by slug. */
export class DeleteEventQuery extends DeletePostQuery {
  /** On an occurrence's ID: this (default) cancels this occurrence; following ends the series before it. */
  @IsOptional()
  @IsIn(['this', 'following'])
  scope?: string;
}
