import type { Response } from 'express';
import { PageResult } from './pagination';

/** The list body of contract §3 under its collection key, with the paging headers set. */
export function pageResponse<T>(response: Response, key: string, items: T[], page: PageResult): Record<string, unknown> {
  const { headers, ...links } = page;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  return { [key]: items, ...links };
}
