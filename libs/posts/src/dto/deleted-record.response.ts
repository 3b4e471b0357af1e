import { ApiProperty } from '@nestjs/swagger';

/** Answer to `force=true`: the record is gone for good (docs/api-rules.md, Deleting); not a schema of its own. */
export abstract class DeletedRecordResponse {
  /** Always true: the record was deleted for good. */
  @ApiProperty({ enum: [true] })
  deleted: true;
}
