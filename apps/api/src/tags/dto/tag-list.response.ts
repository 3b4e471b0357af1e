import { PageEnvelope } from '@app/common';
import { TermResponse } from '@app/terms';
import { ApiSchema } from '@nestjs/swagger';

/** A page of tags. */
@ApiSchema({ name: 'TagList' })
export class TagListResponse extends PageEnvelope {
  /** The tags of this page. */
  tags: TermResponse[];
}
