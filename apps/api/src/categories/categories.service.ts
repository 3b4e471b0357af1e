import { CATEGORY_KIND, TermsService } from '@app/terms';
import { Injectable } from '@nestjs/common';

/** The category rules are the shared term rules, for the `tribe_events_cat` taxonomy. */
@Injectable()
export class CategoriesService extends TermsService {
  readonly kind = CATEGORY_KIND;
}
