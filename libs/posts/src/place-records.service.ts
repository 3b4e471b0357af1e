import { Errors, requirePlainText, slugBase } from '@app/common';
import {
  EventsRepository,
  PlaceListCriteria,
  PlaceRecordsRepository,
  PostListCriteria,
  PostRecord,
  WriteLocksRepository,
} from '@app/domain';
import { EntityManager } from 'typeorm';
import { ListPostsQuery } from './dto/list-posts.query';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ImageChoice } from './images.service';
import { effectiveStatus } from './post-permissions';
import { FieldsContext, PostDraft } from './post-records.types';
import { PostRecordTools } from './post-record-tools';
import { effectivePostListQuery } from './post-list';
import { ListPlan, PostRecordsService } from './post-records.service';

/** Text compared ignoring case for duplicate avoidance; `null` counts as "". */
export const sameText = (a: string | null, b: string | null): boolean => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** Whether a record shows the image a body asks for. */
const sameImage = (record: PostRecord, image: ImageChoice): boolean => {
  if (image.kind === 'none') return record.imageId === null;
  if (image.kind === 'id') return record.imageId === image.id;
  return record.image?.url === image.url;
};

/** Every one of these text fields "": how a new record starts. */
export const blankTexts = <K extends string>(fields: readonly K[]): Record<K, string> =>
  Object.fromEntries(fields.map((field) => [field, ''])) as Record<K, string>;

/**
 * Venues and organizers: records events link to, created inline from an event body too. They share
 * the linked-event list filters and duplicate avoidance (docs/api-rules.md, Lists and Writes).
 */
export abstract class PlaceRecordsService<T extends PostRecord, D extends PostFieldsDto> extends PostRecordsService<
  T,
  D,
  ListPostsQuery,
  PlaceListCriteria
> {
  protected constructor(
    records: PlaceRecordsRepository<T>,
    private readonly events: EventsRepository,
    tools: PostRecordTools,
  ) {
    super(records, tools);
    this.writeLocks = tools.writeLocks;
  }

  private readonly writeLocks: WriteLocksRepository;

  /**
   * The body's name field (`venue`, `organizer`: required plain text) as the title, then the text
   * fields it gives, trimmed.
   */
  protected applyNameAndTexts<K extends keyof D & keyof T & string>(
    record: T,
    dto: D,
    nameField: keyof D & string,
    textFields: readonly K[],
    { errors }: FieldsContext,
  ): void {
    const name = dto[nameField] as string | undefined;
    if (name !== undefined) errors.check(() => (record.title = requirePlainText(nameField, name)));
    for (const field of textFields) {
      const value = dto[field] as string | undefined;
      if (value !== undefined) record[field] = value.trim() as T[K];
    }
  }

  /** Whether an existing record equals every field the body gave. */
  protected abstract sameAsGiven(candidate: T, record: T, dto: D): boolean;

  protected async planList(query: ListPostsQuery, base: PostListCriteria): Promise<ListPlan<PlaceListCriteria>> {
    // An event the caller may not read, or may not open (its links are protected content), is
    // answered like a missing one: the filter must not confirm it exists nor list its links.
    if (query.event !== undefined && (await this.events.countReadable([query.event], base.viewer, base.now, true)) !== 1) {
      throw Errors.invalidParam('event', 'validation.eventExists');
    }
    return {
      criteria: { ...base, eventId: query.event, hasEvents: query.has_events, onlyWithUpcoming: query.only_with_upcoming },
      echo: effectivePostListQuery(query),
    };
  }

  /**
   * Find-or-create must not create one record twice, also when two cluster nodes create it at once:
   * creators of one title take turns through a lock that holds across nodes (WriteLocksRepository),
   * so the second one finds the first one's record. Slugs stay unique by their unique key.
   */
  protected override holdCreateTurn(manager: EntityManager, record: T): Promise<void> {
    return this.writeLocks.hold(`${this.kind.name}:${record.title.toLowerCase()}`, manager);
  }

  /**
   * A record whose given fields all match an existing one is that record: every field given counts,
   * the shared ones (slug, status, image, password, author, dates, description) as well as the kind's.
   */
  protected override async findDuplicates(manager: EntityManager, draft: PostDraft<T, D>): Promise<T[]> {
    const { record, dto } = draft;
    const candidates = await this.records.findLiveByTitle(record.title, manager);
    return candidates.filter((candidate) => this.sameAsGiven(candidate, record, dto) && this.sameSharedFields(candidate, draft));
  }

  private sameSharedFields(candidate: T, { record, dto, image, now }: PostDraft<T, D>): boolean {
    const given = (field: keyof PostFieldsDto) => dto[field] !== undefined;
    return (
      (!given('description') || sameText(candidate.description, record.description)) &&
      (!dto.slug || candidate.slug === slugBase(dto.slug, this.kind.fallbackSlug)) &&
      (!given('status') || effectiveStatus(candidate, now) === effectiveStatus(record, now)) &&
      (!given('password') || (candidate.password ?? '') === (record.password ?? '')) &&
      (!given('author') || candidate.authorId === record.authorId) &&
      (!(given('date') || given('date_utc')) || candidate.publishedUtc.getTime() === record.publishedUtc.getTime()) &&
      (image === undefined || sameImage(candidate, image))
    );
  }
}
