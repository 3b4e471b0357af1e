import type { AuthenticatedUser } from '@app/common';
import { isEditorial, PostStatus, WritableStatus } from '@app/domain';

/** The parts of a record the permission rules look at. */
export interface OwnedRecord {
  authorId: number;
  status: PostStatus;
  publishedUtc: Date;
  wasPublished: boolean;
}

/** A `future` record whose date has passed is published (docs/api-rules.md, Statuses, users and permissions). */
export function effectiveStatus(record: Pick<OwnedRecord, 'status' | 'publishedUtc'>, now: Date): PostStatus {
  return record.status === 'future' && record.publishedUtc.getTime() <= now.getTime() ? 'publish' : record.status;
}

const isOwner = (user: AuthenticatedUser | undefined, record: OwnedRecord) => user !== undefined && user.id === record.authorId;

/** Anyone reads published records; editors everything; authors and contributors also their own. */
export function canRead(user: AuthenticatedUser | undefined, record: OwnedRecord, now: Date): boolean {
  if (effectiveStatus(record, now) === 'publish') return true;
  return isEditorial(user?.role) || isOwner(user, record);
}

/** Readable and not in trash: what a filter or a link may name (anything else answers as if it did not exist, so nothing reveals it). */
export function canReadLive(user: AuthenticatedUser | undefined, record: OwnedRecord, now: Date): boolean {
  return record.status !== 'trash' && canRead(user, record, now);
}

/**
 * Password-protected and not opened: the right password is missing and the caller is neither the
 * owner (even a contributor whose record was published) nor an editor (docs/api-rules.md, Statuses, users and permissions).
 */
export function isLockedFor(
  record: OwnedRecord & { password: string | null },
  user: AuthenticatedUser | undefined,
  password?: string,
): boolean {
  if (!record.password) return false;
  if (isEditorial(user?.role) || isOwner(user, record)) return false;
  return password !== record.password;
}

/**
 * Edit and delete (also for good): editors any record, authors their own, contributors their own
 * while it is a draft or pending review (or in trash, never having been published). Once an editor
 * publishes or schedules it, the reviewed text is no longer the contributor's to change.
 */
export function canEdit(user: AuthenticatedUser | undefined, record: OwnedRecord, _now?: Date): boolean {
  if (!user) return false;
  if (isEditorial(user.role)) return true;
  if (!isOwner(user, record)) return false;
  if (user.role === 'author') return true;
  return record.status === 'draft' || record.status === 'pending' || (record.status === 'trash' && !record.wasPublished);
}

/** Making a record sticky, or no longer sticky, is an editorial decision. */
export function canChangeSticky(user: AuthenticatedUser): boolean {
  return isEditorial(user.role);
}

/** Naming someone else as author is reserved to editors and administrators. */
export function canAssignAuthor(user: AuthenticatedUser, authorId: number): boolean {
  return isEditorial(user.role) || authorId === user.id;
}

/**
 * Contributors cannot make a record private (WordPress rejects it too: `private` needs the right
 * to publish); every other status they ask for is downgraded by `statusToStore`.
 */
export function canRequestStatus(user: AuthenticatedUser, status: WritableStatus | undefined): boolean {
  return !(status === 'private' && user.role === 'contributor');
}

/**
 * The status to store. Contributors cannot publish: `publish`/`future` become `pending`, and their
 * default is `draft`; everybody else defaults to `publish`. A `future` date that has passed
 * publishes at once; a `publish` with a date still ahead is scheduled, as WordPress does.
 */
export function statusToStore(
  user: AuthenticatedUser,
  requested: WritableStatus | undefined,
  publishedUtc: Date,
  now: Date,
): WritableStatus {
  let status: WritableStatus = requested ?? (user.role === 'contributor' ? 'draft' : 'publish');
  if (user.role === 'contributor' && (status === 'publish' || status === 'future')) status = 'pending';
  const inFuture = publishedUtc.getTime() > now.getTime();
  if (status === 'future' && !inFuture) status = 'publish';
  if (status === 'publish' && inFuture) status = 'future';
  return status;
}
