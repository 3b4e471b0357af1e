import { LinkContext } from '@app/common';
import { TermResponse } from './dto/term.response';
import { ShownTerm } from './term-ancestors';
import { TermKind } from './term-kind';

export function toTermResponse({ term, count, ancestorSlugs }: ShownTerm, kind: TermKind, links: LinkContext): TermResponse {
  const collection = `${links.restBase}/${kind.collection}`;
  return {
    id: term.id,
    name: term.name,
    slug: term.slug,
    description: term.description,
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
  };
}
