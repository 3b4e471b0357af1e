import { LinkContext } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { PostRecord } from '@app/domain';
import { Inject, Injectable, Type } from '@nestjs/common';
import { PostPresenter, PresentOptions } from './post-presenter';

type ToResponse<T, R> = (record: T, links: LinkContext, siteTimezone: string, now: Date) => R;
type ToJsonLd<T> = (record: T, links: LinkContext) => Record<string, unknown>;

/**
 * A presenter for records that embed nothing (venues, organizers): each is mapped on its own, with
 * JSON-LD on single reads. The resource names the class it returns, for injection.
 */
export function MappingPresenter<T extends PostRecord, R>(toResponse: ToResponse<T, R>, toJsonLd: ToJsonLd<T>): Type<PostPresenter<T, R>> {
  @Injectable()
  class Presenter implements PostPresenter<T, R> {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    present(records: T[], { context, single }: PresentOptions<T>): R[] {
      return records.map((record) => ({
        ...toResponse(record, context.links, this.config.siteTimezone, context.now),
        ...(single ? { json_ld: toJsonLd(record, context.links) } : {}),
      }));
    }
  }
  return Presenter;
}
