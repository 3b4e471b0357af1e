import { LocalizedQuery } from '@app/common';
import { IsOptional, IsString } from 'class-validator';

/** Query of a single-record GET. */
export class ReadPostQuery extends LocalizedQuery {
  /** Password of a password-protected record. */
  @IsOptional()
  @IsString()
  password?: string;
}
