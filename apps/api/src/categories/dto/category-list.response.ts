import { PageEnvelope } from '@app/common';
import { TermResponse } from '@app/terms';
import { ApiSchema } from '@nestjs/swagger';

/** A page of categories. */
@ApiSchema({ name: 'CategoryList' })
export class CategoryListResponse extends PageEnvelope {
  /** The categories of this page. */
  categories: TermResponse[];
}
