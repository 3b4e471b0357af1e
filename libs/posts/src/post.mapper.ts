import { LinkContext, trimChar } from '@app/common';
import { Image, PostRecord } from '@app/domain';
import { ImageResponse } from './dto/image.response';
import { PostRecordResponse } from './dto/post-record.response';
import { PostKind } from './post-kind';
import { effectiveStatus } from './post-permissions';
import { formatInZone } from './publication-date';

/** SITE_URL is one setting: parsing it once, not once per record and linked record, matters in a feed of thousands. */
const globalIdPrefixes = new Map<string, string>();

/** `<SITE_URL host without port><SITE_URL path>?id=<id>` (docs/api-rules.md, Records as returned). */
export function globalId(siteUrl: string, id: number): string {
  let prefix = globalIdPrefixes.get(siteUrl);
  if (prefix === undefined) {
    const url = new URL(siteUrl);
    prefix = `${url.hostname}${trimChar(url.pathname, '/', 'end')}?id=`;
    globalIdPrefixes.set(siteUrl, prefix);
  }
  return `${prefix}${id}`;
}

type PostHead = Pick<
  PostRecordResponse,
  'id' | 'global_id' | 'global_id_lineage' | 'author' | 'status' | 'date' | 'date_utc' | 'modified' | 'modified_utc' | 'url' | 'rest_url'
>;
type PostBody = Pick<PostRecordResponse, 'description' | 'excerpt' | 'slug' | 'image'>;

/** The keys every post-like record starts with, in the order of docs/api-rules.md, Records as returned. */
export function postHead(record: PostRecord, kind: PostKind, links: LinkContext, siteTimezone: string, now: Date): PostHead {
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
    url: publicUrl(record, kind, links),
    rest_url: `${links.restBase}/${kind.collection}/${record.id}`,
  };
}

/**
 * The keys a venue or organizer starts with, as the parts of its response (recordResponse): the
 * head, its name under the kind's own key (`venue`, `organizer`), then the body, in the order of
 * docs/api-rules.md, Records as returned.
 */
export function linkedRecordLead<Name extends string>(
  record: PostRecord,
  kind: PostKind,
  nameKey: Name,
  links: LinkContext,
  siteTimezone: string,
  now: Date,
): [PostHead, Record<Name, string>, PostBody] {
  const name = { [nameKey]: record.title } as Record<Name, string>;
  return [postHead(record, kind, links, siteTimezone, now), name, postBody(record)];
}

/** The keys that follow the record's name. */
export function postBody(record: PostRecord): PostBody {
  return {
    description: record.description,
    excerpt: record.excerpt,
    slug: record.slug,
    image: toImageResponse(record.image),
  };
}

/** The record's public page on the site (docs/api-rules.md, Records as returned). */
export function publicUrl(record: Pick<PostRecord, 'slug'>, kind: PostKind, links: LinkContext): string {
  return `${links.siteUrl}/${kind.publicPath}/${record.slug}/`;
}

function toImageResponse(image: Image | null | undefined): ImageResponse | false {
  if (!image) return false;
  return { url: image.url, id: image.id, extension: image.extension, width: image.width, height: image.height, sizes: {} };
}
