import { SchemaParts } from '@app/database';
import { EventDayCount } from './events/event-day-count.entity';
import { EventOrganizer, EventTerm, EventVenue } from './events/event-link.entities';
import { CalendarEvent } from './events/event.entity';
import { InitialSchema1763780000000 } from './migrations/1763780000000-initial-schema';
import { CoveringListIndexes1795400000000 } from './migrations/1795400000000-covering-list-indexes';
import { TermTaxonomyIndex1796000000000 } from './migrations/1796000000000-term-taxonomy-index';
import { EventRevision1796100000000 } from './migrations/1796100000000-event-revision';
import { TermNameKey1797000000000 } from './migrations/1797000000000-term-name-key';
import { UserDisableTokenLastUsed1797100000000 } from './migrations/1797100000000-user-disable-token-last-used';
import { TermCounts1797300000000 } from './migrations/1797300000000-term-counts';
import { ListOrderIndex1797300000001 } from './migrations/1797300000001-list-order-index';
import { EventDayCounts1797300000002 } from './migrations/1797300000002-event-day-counts';
import { EventSearchIndex1797300000003 } from './migrations/1797300000003-event-search-index';
import { ListOrderCovering1797300000004 } from './migrations/1797300000004-list-order-covering';
import { PlaceListOrder1797300000005 } from './migrations/1797300000005-place-list-order';
import { RecurringEvents1797400000000 } from './migrations/1797400000000-recurring-events';
import { SearchGrams1797500000000 } from './migrations/1797500000000-search-grams';
import { SearchPassages1797700000000 } from './migrations/1797700000000-search-passages';
import { EventTextId1797490000000 } from './migrations/1797490000000-event-text-id';
import { Organizer } from './organizers/organizer.entity';
import { Image } from './posts/image.entity';
import { Category, Tag, Term } from './terms/term.entity';
import { ApiToken } from './users/api-token.entity';
import { User } from './users/user.entity';
import { Venue } from './venues/venue.entity';
import { WriteLock } from './write-locks/write-lock.entity';
import { WriteLocks1797200000000 } from './migrations/1797200000000-write-locks';
import { DataVersionSlot } from './data-version/data-version.entity';
import { DataVersion1797250000000 } from './migrations/1797250000000-data-version';
import { ImageOwners1797460000000 } from './migrations/1797460000000-image-owners';
import { ServerSecrets1797410000000 } from './migrations/1797410000000-server-secrets';
import { ServerSecret } from './server-secrets/server-secret.entity';
import { ImportSource } from './imports/import-source.entity';
import { ImportSources1797600000000 } from './migrations/1797600000000-import-sources';
import { Lease } from './leases/lease.entity';
import { Leases1797650000000 } from './migrations/1797650000000-leases';
import { CounterSlots1797900000000 } from './migrations/1797900000000-counter-slots';
import { SearchPostingCopies1797960000000 } from './migrations/1797960000000-search-posting-copies';
import { ListIndexColumns1798050000000 } from './migrations/1798050000000-list-index-columns';
import { WriteLockRows1798100000000 } from './migrations/1798100000000-write-lock-rows';
import { TermCount } from './terms/term-count.entity';
import { PublishedCounts1798000000000 } from './migrations/1798000000000-published-counts';
import { PublishedCount } from './posts/published-count.entity';

/** Every entity and migration, listed explicitly: globs break under the monorepo build. */
export const SCHEMA: SchemaParts = {
  entities: [
    User,
    ApiToken,
    Term,
    Category,
    Tag,
    Image,
    Venue,
    Organizer,
    CalendarEvent,
    EventTerm,
    EventVenue,
    EventOrganizer,
    WriteLock,
    DataVersionSlot,
    EventDayCount,
    TermCount,
    PublishedCount,
    ServerSecret,
    ImportSource,
    Lease,
  ],
  migrations: [
    InitialSchema1763780000000,
    CoveringListIndexes1795400000000,
    TermTaxonomyIndex1796000000000,
    EventRevision1796100000000,
    TermNameKey1797000000000,
    UserDisableTokenLastUsed1797100000000,
    WriteLocks1797200000000,
    DataVersion1797250000000,
    TermCounts1797300000000,
    ListOrderIndex1797300000001,
    EventDayCounts1797300000002,
    EventSearchIndex1797300000003,
    ListOrderCovering1797300000004,
    PlaceListOrder1797300000005,
    RecurringEvents1797400000000,
    ServerSecrets1797410000000,
    ImageOwners1797460000000,
    EventTextId1797490000000,
    SearchGrams1797500000000,
    ImportSources1797600000000,
    Leases1797650000000,
    SearchPassages1797700000000,
    CounterSlots1797900000000,
    SearchPostingCopies1797960000000,
    PublishedCounts1798000000000,
    ListIndexColumns1798050000000,
    WriteLockRows1798100000000,
  ],
};
