import { UsersService } from '@app/auth';
import { AuthenticatedUser } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { applyEventLinkFilters, ImagesService, ListPostsQuery, PostRecordsService, VENUE_KIND } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { VenueFieldsDto } from './dto/create-venue.dto';
import { Venue } from './entities/venue.entity';

/** Text fields copied as given (trimmed); compared case-insensitively for duplicate avoidance. */
const TEXT_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website'] as const;
/** Non-text fields compared exactly for duplicate avoidance: body field → entity property. */
const VALUE_FIELDS = [
  ['geo_lat', 'geoLat'],
  ['geo_lng', 'geoLng'],
  ['show_map', 'showMap'],
  ['show_map_link', 'showMapLink'],
] as const;

@Injectable()
export class VenuesService extends PostRecordsService<Venue, VenueFieldsDto> {
  protected readonly kind = VENUE_KIND;
  protected readonly searchColumns = [
    'title',
    'description',
    'excerpt',
    'address',
    'city',
    'province',
    'state',
    'stateprovince',
    'zip',
    'phone',
  ];

  constructor(
    @InjectRepository(Venue) repository: Repository<Venue>,
    transactions: TransactionRunner,
    images: ImagesService,
    users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(repository, transactions, images, users, config);
  }

  protected blankRecord(): Partial<Venue> {
    return {
      title: '',
      address: '',
      city: '',
      country: '',
      province: '',
      state: '',
      zip: '',
      phone: '',
      website: '',
      stateprovince: null,
      showMap: true,
      showMapLink: true,
      geoLat: null,
      geoLng: null,
    };
  }

  protected applyOwnFields(venue: Venue, dto: VenueFieldsDto): void {
    if (dto.venue !== undefined) venue.title = this.plainName('venue', dto.venue);
    for (const field of TEXT_FIELDS) {
      const value = dto[field];
      if (value !== undefined) venue[field] = value.trim();
    }
    if (dto.stateprovince !== undefined) venue.stateprovince = dto.stateprovince.trim() === '' ? null : dto.stateprovince.trim();
    if (dto.show_map !== undefined) venue.showMap = dto.show_map;
    if (dto.show_map_link !== undefined) venue.showMapLink = dto.show_map_link;
    if (dto.geo_lat !== undefined) venue.geoLat = dto.geo_lat === '' ? null : dto.geo_lat;
    if (dto.geo_lng !== undefined) venue.geoLng = dto.geo_lng === '' ? null : dto.geo_lng;
  }

  /** Contract §4: a venue whose given fields all match an existing one is that venue. */
  protected override async findDuplicates(manager: EntityManager, venue: Venue, dto: VenueFieldsDto): Promise<Venue[]> {
    const candidates = await this.baseQuery(manager)
      .where('LOWER(p.title) = :title', { title: venue.title.toLowerCase() })
      .andWhere(`p.status <> 'trash'`)
      .getMany();
    const given = TEXT_FIELDS.filter((field) => dto[field] !== undefined);
    const givenValues = VALUE_FIELDS.filter(([field]) => dto[field] !== undefined).map(([, property]) => property);
    const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
    return candidates.filter(
      (candidate) =>
        given.every((field) => same(candidate[field], venue[field])) &&
        givenValues.every((property) => candidate[property] === venue[property]) &&
        (dto.stateprovince === undefined || same(candidate.stateprovince, venue.stateprovince)) &&
        (dto.description === undefined || same(candidate.description, venue.description)),
    );
  }

  protected applyListFilters(qb: SelectQueryBuilder<Venue>, query: ListPostsQuery, user: AuthenticatedUser | undefined, now: Date) {
    return applyEventLinkFilters(qb, { table: 'event_venues', column: 'venue_id' }, query, user, now);
  }

  protected async deleteLinks(manager: EntityManager, id: number): Promise<void> {
    await manager.createQueryBuilder().delete().from('event_venues').where('venue_id = :id', { id }).execute();
  }
}
