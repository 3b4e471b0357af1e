import { Errors, requirePlainText, slugBase } from '@app/common';
import {
  EventsRepository,
  LinkedRecordListCriteria,
  LinkedRecordsRepository,
  PostListCriteria,
  PostRecord,
  WriteLocksRepository,
} from '@app/domain';
import { Inject, Injectable, Type } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ListPostsQuery } from './dto/list-posts.query';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ImageChoice } from './images.service';
import { PostKind } from './post-kind';
import { effectiveStatus } from './post-permissions';
import { FieldsContext, PostDraft } from './post-records.types';
import { PostRecordTools } from './post-record-tools';
import { effectivePostListQuery } from './post-list';
import { ListPlan, PostRecordsService } from './post-records.service';
import { applyFields, columnFilters, FieldMap, filterEcho, initialFields, sameGivenFields, sameText } from './fields';

/** Whether a record shows the image a body asks for. */
const sameImage = (record: PostRecord, image: ImageChoice): boolean => {
  if (image.kind === 'none') return record.imageId === null;
  if (image.kind === 'id') return record.imageId === image.id;
  return record.image?.url === image.url;
};

/**
 * Venues and organizers: records events link to, created inline from an event body too. They share
 * the linked-event list filters and duplicate avoidance (docs/api-rules.md, Lists and Writes); their
 * own fields are declared (`fields`, README, Extending a module) and handled here.
 */
export abstract class LinkedRecordsService<T extends PostRecord, D extends PostFieldsDto> extends PostRecordsService<
  T,
  D,
  ListPostsQuery,
  LinkedRecordListCriteria
> {
  /** The kind's declared fields. */
  protected abstract readonly fields: FieldMap;
  /** The body field holding the record's name, stored as its title (`venue`, `organizer`). */
  protected abstract readonly nameField: keyof D & string;

  protected constructor(
    records: LinkedRecordsRepository<T>,
    private readonly events: EventsRepository,
    tools: PostRecordTools,
  ) {
    super(records, tools);
    this.writeLocks = tools.writeLocks;
  }

  private readonly writeLocks: WriteLocksRepository;

  /** The name (required plain text) as the title, then every declared field the body gives. */
  protected applyOwnFields(record: T, dto: D, { errors }: FieldsContext): void {
    const name = dto[this.nameField] as string | undefined;
    if (name !== undefined) errors.check(() => (record.title = requirePlainText(this.nameField, name)));
    applyFields(record, dto, this.fields);
  }

  protected blankRecord(): Partial<T> {
    return { title: '', ...initialFields<T>(this.fields) };
  }

  protected async planList(query: ListPostsQuery, base: PostListCriteria): Promise<ListPlan<LinkedRecordListCriteria>> {
    // An event the caller may not read, or may not open (its links are protected content), is
    // answered like a missing one: the filter must not confirm it exists nor list its links.
    if (query.event !== undefined && (await this.events.countReadable([query.event], base.viewer, base.now, true)) !== 1) {
      throw Errors.invalidParam('event', 'validation.eventExists');
    }
    return {
      criteria: {
        ...base,
        eventId: query.event,
        hasEvents: query.has_events,
        onlyWithUpcoming: query.only_with_upcoming,
        columnFilters: columnFilters(query, this.fields),
      },
      echo: { ...effectivePostListQuery(query), ...filterEcho(query, this.fields) },
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
    return candidates.filter(
      (candidate) => sameGivenFields(candidate, record, dto, this.fields) && this.sameSharedFields(candidate, draft),
    );
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

/** What makes a venue or organizer service: its repository, kind, declared fields and name field. */
interface LinkedRecordsDefinition<T extends PostRecord, D extends PostFieldsDto> {
  repository: Type<LinkedRecordsRepository<T>>;
  kind: PostKind;
  fields: FieldMap;
  nameField: keyof D & string;
}

/** The service class of a venue-like kind: `class VenuesService extends LinkedRecordsServiceOf<Venue, VenueFieldsDto>({...}) {}`. */
export function LinkedRecordsServiceOf<T extends PostRecord, D extends PostFieldsDto>(definition: LinkedRecordsDefinition<T, D>) {
  @Injectable()
  class KindService extends LinkedRecordsService<T, D> {
    readonly kind = definition.kind;
    protected readonly fields = definition.fields;
    protected readonly nameField = definition.nameField;

    constructor(@Inject(definition.repository) records: LinkedRecordsRepository<T>, events: EventsRepository, tools: PostRecordTools) {
      super(records, events, tools);
    }
  }
  return KindService;
}
