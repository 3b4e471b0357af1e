import { LinkContext } from '@app/common';
import { PostRecord } from './entities/post-record.entity';
import { toImageResponse } from './images.service';
import { PostKind } from './post-kind';
import { effectiveStatus } from './post-permissions';
import { formatInZone } from './publication-date';

/** `<SITE_URL host without port><SITE_URL path>?id=<id>` (contract §2). */
export function globalId(siteUrl: string, id: number): string {
  const url = new URL(siteUrl);
  return `${url.hostname}${url.pathname.replace(/\/+$/, '')}?id=${id}`;
}

/** The keys every post-like record starts with, in the order of contract §2. */
export function postHead(record: PostRecord, kind: PostKind, links: LinkContext, siteTimezone: string, now: Date) {
  const id = globalId(links.siteUrl, record.id);
  return {
    id: record.id,
    global_id: id,
    global_id_lineage: [id],
    author: record.authorId,
    status: effectiveStatus(record, now),
    date: formatInZone(record.publishedUtc, siteTimezone),
    date_utc: formatInZone(record.publishedUtc, 'UTC'),
    modified: formatInZone(record.modifiedUtc, siteTimezone),
    modified_utc: formatInZone(record.modifiedUtc, 'UTC'),
    url: `${links.siteUrl}/${kind.publicPath}/${record.slug}/`,
    rest_url: `${links.restBase}/${kind.collection}/${record.id}`,
  };
}

/** The keys that follow the record's name. */
export function postBody(record: PostRecord) {
  return {
    description: record.description,
    excerpt: record.excerpt,
    slug: record.slug,
    image: toImageResponse(record.image),
  };
}
