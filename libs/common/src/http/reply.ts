import { PageResult } from '../pagination/pagination';

/** A handler's answer that carries headers besides its body; the ReplyInterceptor sets them. */
export class Reply<T = unknown> {
  constructor(
    readonly body: T,
    readonly headers: Record<string, string>,
    readonly status?: number,
  ) {}

  /** The list body of docs/api-rules.md, Lists, items under the collection key, with the paging headers. */
  static page<T>(collection: string, items: T[], page: PageResult): Reply<Record<string, unknown>> {
    const { headers, ...links } = page;
    return new Reply({ [collection]: items, ...links }, headers);
  }

  /** A created record with its `Location`. */
  static created<T>(body: T, location: string): Reply<T> {
    return new Reply(body, { Location: location }, 201);
  }
}
