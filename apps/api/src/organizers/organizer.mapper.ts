import { LinkContext, toPlainText } from '@app/common';
import { Organizer } from '@app/domain';
import { linkedRecordLead, lockedRecord, ORGANIZER_KIND, publicUrl, recordResponse, shownWhenLocked } from '@app/posts';
import { OrganizerResponse } from './dto/organizer.response';
import { ORGANIZER_FIELDS } from './organizer.fields';

export function toOrganizerResponse(organizer: Organizer, links: LinkContext, siteTimezone: string, now: Date): OrganizerResponse {
  return recordResponse(linkedRecordLead(organizer, ORGANIZER_KIND, 'organizer', links, siteTimezone, now), organizer, ORGANIZER_FIELDS);
}

/** schema.org `Organization` for single-record responses. */
export function organizerJsonLd(organizer: Organizer, links: LinkContext) {
  return {
    '@context': 'http://schema.org',
    '@type': 'Organization',
    name: organizer.title,
    description: toPlainText(organizer.description),
    url: publicUrl(organizer, ORGANIZER_KIND, links),
    ...(organizer.image ? { image: organizer.image.url } : {}),
    telephone: organizer.phone,
    email: organizer.email,
    sameAs: organizer.website,
  };
}

/** What a locked organizer shows: the head, name and slug, and the fields organizer.fields.ts declares shown (none). */
const ORGANIZER_SHOWN_WHEN_LOCKED = shownWhenLocked<Organizer>(ORGANIZER_FIELDS);

/** A password-protected organizer as callers who cannot open it see it. */
export function organizerWithoutContent(organizer: Organizer): Organizer {
  return lockedRecord(organizer, ORGANIZER_SHOWN_WHEN_LOCKED);
}
