import { LinkContext } from '@app/common';
import { recordFields } from '@app/posts';
import { TermResponse } from './dto/term.response';
import { ShownTerm } from './term-ancestors';
import { TermKind } from './term-kind';
import { TERM_FIELDS } from './term.fields';

export function toTermResponse({ term, count, ancestorSlugs }: ShownTerm, kind: TermKind, links: LinkContext): TermResponse {
  const collection = `${links.restBase}/${kind.collection}`;
  return recordFields(term, TERM_FIELDS, {
    id: term.id,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    parent: term.parentId,
    count,
    url: `${links.siteUrl}/${[kind.publicPath, ...ancestorSlugs, term.slug].join('/')}/`,
    meta: [],
    urls: {
      self: `${collection}/${term.id}`,
      collection,
      ...(term.parentId !== 0 ? { up: `${collection}/${term.parentId}` } : {}),
    },
  });
}
