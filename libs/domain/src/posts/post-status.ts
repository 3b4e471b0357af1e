/** Statuses a client may write (docs/api-rules.md, Statuses, users and permissions); `trash` is reached only through DELETE. */
export const WRITABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
export const ALL_STATUSES = [...WRITABLE_STATUSES, 'trash'] as const;
export type WritableStatus = (typeof WRITABLE_STATUSES)[number];
export type PostStatus = (typeof ALL_STATUSES)[number];
