import { LinkContext } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { PostRecord } from '@app/domain';
import { Inject, Injectable, Type } from '@nestjs/common';
import { PostPresenter, PresentOptions } from './post-presenter';

type ToResponse<T, R> = (record: T, links: LinkContext, siteTimezone: string, now: Date) => R;
type ToJsonLd<T> = (record: T, links: LinkContext) => Record<string, unknown>;
/** The record as a caller who cannot open it (password) sees it: an allow-list (lockedRecord), the rest blank. */
type WithoutContent<T> = (record: T) => T;

/**
 * A presenter for records that embed nothing (venues, organizers): each is mapped on its own, with
 * JSON-LD on single reads; a record the caller cannot open shows without its content, as locked
 * events do in lists (docs/api-rules.md, Statuses, users and permissions). The resource names the class it returns, for injection.
 */
export function MappingPresenter<T extends PostRecord, R>(
  toResponse: ToResponse<T, R>,
  toJsonLd: ToJsonLd<T>,
  withoutContent: WithoutContent<T>,
): Type<PostPresenter<T, R>> {
  @Injectable()
  class Presenter implements PostPresenter<T, R> {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    present(records: T[], { context, single, isLocked }: PresentOptions<T>): R[] {
      return records.map((record) => {
        const shown = isLocked(record) ? withoutContent(record) : record;
        return {
          ...toResponse(shown, context.links, this.config.siteTimezone, context.now),
          ...(single ? { json_ld: toJsonLd(shown, context.links) } : {}),
        };
      });
    }
  }
  return Presenter;
}
