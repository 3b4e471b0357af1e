import { LinkContext } from '@app/common';
import { Term } from '@app/domain';
import { TermResponse } from './dto/term.response';
import { TermKind } from './term-kind';

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
