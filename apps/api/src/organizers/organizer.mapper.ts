import { LinkContext, toPlainText } from '@app/common';
import { Organizer } from '@app/domain';
import { lockedRecord, MappingPresenter, ORGANIZER_KIND, placeStart, publicUrl, SHOWN_WHEN_LOCKED } from '@app/posts';
import { OrganizerResponse } from './dto/organizer.response';

export function toOrganizerResponse(organizer: Organizer, links: LinkContext, siteTimezone: string, now: Date): OrganizerResponse {
  const { phone, website, email } = organizer;
  return { ...placeStart(organizer, ORGANIZER_KIND, 'organizer', links, siteTimezone, now), phone, website, email };
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

/** A password-protected organizer as callers who cannot open it see it: the head, name and slug. */
export function organizerWithoutContent(organizer: Organizer): Organizer {
  return lockedRecord(organizer, SHOWN_WHEN_LOCKED);
}

/** Organizers as returned, JSON-LD added on single reads. */
export class OrganizerPresenter extends MappingPresenter<Organizer, OrganizerResponse>(
  toOrganizerResponse,
  organizerJsonLd,
  organizerWithoutContent,
) {}
