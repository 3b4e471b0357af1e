import { LinkContext, toPlainText } from '@app/common';
import { Organizer } from '@app/domain';
import { MappingPresenter, ORGANIZER_KIND, placeStart, publicUrl } from '@app/posts';
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

/**
 * A password-protected organizer as callers who cannot open it see it (README, Security): name, slug,
 * links, dates and status stay; description, excerpt, image, phone, website and email are blank.
 */
export function organizerWithoutContent(organizer: Organizer): Organizer {
  return { ...organizer, description: '', excerpt: '', image: null, imageId: null, phone: '', website: '', email: '' };
}

/** Organizers as returned, JSON-LD added on single reads. */
export class OrganizerPresenter extends MappingPresenter<Organizer, OrganizerResponse>(
  toOrganizerResponse,
  organizerJsonLd,
  organizerWithoutContent,
) {}
