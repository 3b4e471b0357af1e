import { LinkContext, toPlainText } from '@app/common';
import { ORGANIZER_KIND, postBody, postHead } from '@app/posts';
import { Organizer } from './entities/organizer.entity';

export function toOrganizerResponse(organizer: Organizer, links: LinkContext, siteTimezone: string, now: Date) {
  return {
    ...postHead(organizer, ORGANIZER_KIND, links, siteTimezone, now),
    organizer: organizer.title,
    ...postBody(organizer),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
  };
}

export type OrganizerResponse = ReturnType<typeof toOrganizerResponse>;

/** schema.org `Organization` for single-record responses. */
export function organizerJsonLd(organizer: Organizer, links: LinkContext) {
  return {
    '@context': 'http://schema.org',
    '@type': 'Organization',
    name: organizer.title,
    description: toPlainText(organizer.description),
    url: `${links.siteUrl}/${ORGANIZER_KIND.publicPath}/${organizer.slug}/`,
    ...(organizer.image ? { image: organizer.image.url } : {}),
    telephone: organizer.phone,
    email: organizer.email,
    sameAs: organizer.website,
  };
}
