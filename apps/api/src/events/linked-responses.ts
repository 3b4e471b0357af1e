import { LinkContext } from '@app/common';
import { Organizer, Venue } from '@app/domain';
import { ShownTerm, TermKind, TermResponse, toTermResponse } from '@app/terms';
import { OrganizerResponse } from '../organizers/dto/organizer.response';
import { toOrganizerResponse } from '../organizers/organizer.mapper';
import { VenueResponse } from '../venues/dto/venue.response';
import { toVenueResponse } from '../venues/venue.mapper';

function remembered<T>(memo: Map<number, T>, id: number, build: () => T): T {
  let value = memo.get(id);
  if (value === undefined) {
    value = build();
    memo.set(id, value);
  }
  return value;
}

/**
 * The venues, organizers and terms of one page as returned, each formatted once: a venue with
 * twenty events on a page (or a category on a thousand in a feed) is one object, not twenty. Valid
 * for one caller and one request: what a linked record shows depends on who asks (locked content).
 */
export class LinkedResponses {
  private readonly venues = new Map<number, VenueResponse>();
  private readonly organizers = new Map<number, OrganizerResponse>();
  private readonly terms = new Map<TermKind, Map<number, TermResponse>>();

  constructor(
    private readonly links: LinkContext,
    private readonly siteTimezone: string,
    private readonly now: Date,
  ) {}

  venue(venue: Venue): VenueResponse {
    return remembered(this.venues, venue.id, () => toVenueResponse(venue, this.links, this.siteTimezone, this.now));
  }

  organizer(organizer: Organizer): OrganizerResponse {
    return remembered(this.organizers, organizer.id, () => toOrganizerResponse(organizer, this.links, this.siteTimezone, this.now));
  }

  term(shown: ShownTerm, kind: TermKind): TermResponse {
    let memo = this.terms.get(kind);
    if (!memo) this.terms.set(kind, (memo = new Map()));
    return remembered(memo, shown.term.id, () => toTermResponse(shown, kind, this.links));
  }
}
