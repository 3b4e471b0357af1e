import { TAG_KIND, TermsService } from '@app/terms';
import { Injectable } from '@nestjs/common';

/** The tag rules are the shared term rules, for the `post_tag` taxonomy. */
@Injectable()
export class TagsService extends TermsService {
  readonly kind = TAG_KIND;
}
