import { ApiToken } from '@app/auth/entities/api-token.entity';
import { User } from '@app/auth/entities/user.entity';
import { Image } from '@app/posts/entities/image.entity';
import { Term } from '@app/terms/term.entity';
import { EventOrganizer, EventTerm, EventVenue } from '../events/entities/event-link.entities';
import { CalendarEvent } from '../events/entities/event.entity';
import { Organizer } from '../organizers/entities/organizer.entity';
import { Venue } from '../venues/entities/venue.entity';
import { InitialSchema1763780000000 } from './migrations/1763780000000-initial-schema';
import { CoveringListIndexes1795400000000 } from './migrations/1795400000000-covering-list-indexes';
import { SchemaParts } from '@app/database';

/** Every entity and migration, listed explicitly: globs break under the monorepo build. */
export const SCHEMA: SchemaParts = {
  entities: [User, ApiToken, Term, Image, Venue, Organizer, CalendarEvent, EventTerm, EventVenue, EventOrganizer],
  migrations: [InitialSchema1763780000000, CoveringListIndexes1795400000000],
};
