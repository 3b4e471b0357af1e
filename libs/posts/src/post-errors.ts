import { ApiError } from '@app/common';
import { PostKind } from './post-kind';

/** Record-level errors (docs/api-rules.md, Deleting; Statuses, users and permissions); codes carry the kind (`venue-is-in-trash`). */
export const PostErrors = {
  notFound: (kind: PostKind, ref: { id: number } | { slug: string }) =>
    'id' in ref
      ? new ApiError(404, `rest-${kind.name}-not-found`, `errors.${kind.name}_not_found`, { args: { id: ref.id } })
      : new ApiError(404, `rest-${kind.name}-not-found`, `errors.${kind.name}_slug_not_found`, { args: { slug: ref.slug } }),
  notAccessible: (kind: PostKind) => new ApiError(403, `${kind.name}-not-accessible`, `errors.${kind.name}_not_accessible`),
  noLongerAvailable: (kind: PostKind) => new ApiError(403, `${kind.name}-no-longer-available`, `errors.${kind.name}_no_longer_available`),
  passwordProtected: (kind: PostKind) => new ApiError(403, `${kind.name}-password-protected`, `errors.${kind.name}_password_protected`),
  inTrash: (kind: PostKind) => new ApiError(410, `${kind.name}-is-in-trash`, `errors.${kind.name}_is_in_trash`),
};
