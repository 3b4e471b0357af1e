import { LinkContext } from '@app/common';
import { TermKind } from './term-kind';
import { Term } from './term.entity';
import { TermResponse } from './term-response';

export function toTermResponse(term: Term, count: number, kind: TermKind, links: LinkContext): TermResponse {
  const collection = `${links.restBase}/${kind.collection}`;
  return {
    id: term.id,
    name: term.name,
    slug: term.slug,
    description: term.description,
    taxonomy: term.taxonomy,
    parent: term.parentId,
    count,
    url: `${links.siteUrl}/${kind.publicPath}/${term.slug}/`,
    urls: {
      self: `${collection}/${term.id}`,
      collection,
      ...(term.parentId !== 0 ? { up: `${collection}/${term.parentId}` } : {}),
    },
  };
}
