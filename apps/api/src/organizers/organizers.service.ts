import { UsersService } from '@app/auth';
import { AuthenticatedUser } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { applyEventLinkFilters, ImagesService, ListPostsQuery, ORGANIZER_KIND, PostRecordsService } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { OrganizerFieldsDto } from './dto/create-organizer.dto';
import { Organizer } from './entities/organizer.entity';

const TEXT_FIELDS = ['phone', 'website', 'email'] as const;

@Injectable()
export class OrganizersService extends PostRecordsService<Organizer, OrganizerFieldsDto> {
  protected readonly kind = ORGANIZER_KIND;
  protected readonly searchColumns = ['title', 'description', 'excerpt', 'phone', 'email', 'website'];

  constructor(
    @InjectRepository(Organizer) repository: Repository<Organizer>,
    transactions: TransactionRunner,
    images: ImagesService,
    users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(repository, transactions, images, users, config);
  }

  protected blankRecord(): Partial<Organizer> {
    return { title: '', phone: '', website: '', email: '' };
  }

  protected applyOwnFields(organizer: Organizer, dto: OrganizerFieldsDto): void {
    if (dto.organizer !== undefined) organizer.title = this.plainName('organizer', dto.organizer);
    for (const field of TEXT_FIELDS) {
      const value = dto[field];
      if (value !== undefined) organizer[field] = value.trim();
    }
  }

  /** Contract §4: an organizer whose given fields all match an existing one is that organizer. */
  protected override async findDuplicates(manager: EntityManager, organizer: Organizer, dto: OrganizerFieldsDto): Promise<Organizer[]> {
    const candidates = await this.baseQuery(manager)
      .where('LOWER(p.title) = :title', { title: organizer.title.toLowerCase() })
      .andWhere(`p.status <> 'trash'`)
      .getMany();
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    return candidates.filter(
      (candidate) =>
        TEXT_FIELDS.every((field) => dto[field] === undefined || same(candidate[field], organizer[field])) &&
        (dto.description === undefined || same(candidate.description, organizer.description)),
    );
  }

  protected applyListFilters(qb: SelectQueryBuilder<Organizer>, query: ListPostsQuery, user: AuthenticatedUser | undefined, now: Date) {
    return applyEventLinkFilters(qb, { table: 'event_organizers', column: 'organizer_id' }, query, user, now);
  }

  protected async deleteLinks(manager: EntityManager, id: number): Promise<void> {
    await manager.createQueryBuilder().delete().from('event_organizers').where('organizer_id = :id', { id }).execute();
  }
}
