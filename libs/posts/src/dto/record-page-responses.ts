import { PageEnvelope } from '@app/common';
import { Type } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DeletedRecordResponse } from './deleted-record.response';

/**
 * The two answers that wrap records of one kind (docs/api-rules.md, Lists, Deleting): a page of them
 * (`<schema>List`, the records under `collection`) and the answer to `force=true` (`Deleted<schema>`,
 * the record as it was under `previous`). `noun` names one record in their descriptions.
 */
export function recordPageResponses<R>(record: Type<R>, schema: string, collection: string, noun: string) {
  @ApiSchema({ name: `${schema}List` })
  class RecordListResponse extends PageEnvelope {}
  ApiProperty({ type: [record], description: `The ${collection} of this page.` })(RecordListResponse.prototype, collection);

  @ApiSchema({ name: `Deleted${schema}` })
  class DeletedResponse extends DeletedRecordResponse {
    @ApiProperty({ type: () => record, description: `The ${noun} as it was before it was deleted.` })
    previous: R;
  }

  return { list: RecordListResponse, deleted: DeletedResponse };
}
