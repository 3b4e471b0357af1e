import type { Role } from '@app/auth';
import type { AuthenticatedUser } from '@app/common';
import { canAssignAuthor, canChangeSticky, canEdit, canRead, effectiveStatus, OwnedRecord, statusToStore } from './post-permissions';
import { PostStatus, WritableStatus } from '@app/domain';

const NOW = new Date('2026-05-01T12:00:00Z');
const PAST = new Date('2026-04-30T12:00:00Z');
const FUTURE = new Date('2026-05-02T12:00:00Z');

const OWNER_ID = 7;
const userOf = (role: Role, id = 100): AuthenticatedUser => ({ id, name: role, role });
const owner = (role: Role) => userOf(role, OWNER_ID);
const record = (status: PostStatus, extra: Partial<OwnedRecord> = {}): OwnedRecord => ({
  authorId: OWNER_ID,
  status,
  publishedUtc: PAST,
  wasPublished: status === 'publish',
  ...extra,
});

describe('effectiveStatus', () => {
  it('treats a future record whose date has passed as published', () => {
    expect(effectiveStatus({ status: 'future', publishedUtc: PAST }, NOW)).toBe('publish');
    expect(effectiveStatus({ status: 'future', publishedUtc: NOW }, NOW)).toBe('publish');
  });

  it('keeps a future record whose date is ahead, and every other status as stored', () => {
    expect(effectiveStatus({ status: 'future', publishedUtc: FUTURE }, NOW)).toBe('future');
    for (const status of ['publish', 'draft', 'pending', 'private', 'trash'] as const) {
      expect(effectiveStatus({ status, publishedUtc: FUTURE }, NOW)).toBe(status);
    }
  });
});

describe('canRead', () => {
  const hidden: Array<[PostStatus, Partial<OwnedRecord>]> = [
    ['draft', {}],
    ['pending', {}],
    ['private', {}],
    ['future', { publishedUtc: FUTURE }],
  ];

  it('lets anyone, anonymous included, read a published record or a due future one', () => {
    for (const reader of [undefined, userOf('contributor'), userOf('author')]) {
      expect(canRead(reader, record('publish'), NOW)).toBe(true);
      expect(canRead(reader, record('future', { publishedUtc: PAST }), NOW)).toBe(true);
    }
  });

  it.each(hidden)('a %s record: editors, administrators and the owner only', (status, extra) => {
    const target = record(status, extra);
    expect(canRead(undefined, target, NOW)).toBe(false);
    expect(canRead(userOf('contributor'), target, NOW)).toBe(false);
    expect(canRead(userOf('author'), target, NOW)).toBe(false);
    expect(canRead(userOf('editor'), target, NOW)).toBe(true);
    expect(canRead(userOf('administrator'), target, NOW)).toBe(true);
    expect(canRead(owner('author'), target, NOW)).toBe(true);
    expect(canRead(owner('contributor'), target, NOW)).toBe(true);
  });
});

describe('canEdit', () => {
  it('never lets anonymous callers edit', () => {
    expect(canEdit(undefined, record('publish'), NOW)).toBe(false);
    expect(canEdit(undefined, record('draft'), NOW)).toBe(false);
  });

  it.each(['editor', 'administrator'] as const)('lets %s edit any record', (role) => {
    for (const status of ['publish', 'draft', 'pending', 'private', 'trash'] as const) {
      expect(canEdit(userOf(role), record(status), NOW)).toBe(true);
    }
  });

  it("keeps authors and contributors off others' records", () => {
    for (const role of ['author', 'contributor'] as const) {
      expect(canEdit(userOf(role), record('draft'), NOW)).toBe(false);
      expect(canEdit(userOf(role), record('publish'), NOW)).toBe(false);
    }
  });

  it('lets authors edit their own records in any status', () => {
    for (const status of ['publish', 'draft', 'pending', 'private', 'trash'] as const) {
      expect(canEdit(owner('author'), record(status, { wasPublished: true }), NOW)).toBe(true);
    }
  });

  it('lets contributors edit their own records only while draft or pending', () => {
    expect(canEdit(owner('contributor'), record('draft'), NOW)).toBe(true);
    expect(canEdit(owner('contributor'), record('pending'), NOW)).toBe(true);
    expect(canEdit(owner('contributor'), record('draft', { wasPublished: true }), NOW)).toBe(true);
    expect(canEdit(owner('contributor'), record('trash'), NOW)).toBe(true);
    expect(canEdit(owner('contributor'), record('trash', { wasPublished: true }), NOW)).toBe(false);
    expect(canEdit(owner('contributor'), record('publish'), NOW)).toBe(false);
    expect(canEdit(owner('contributor'), record('private'), NOW)).toBe(false);
    expect(canEdit(owner('contributor'), record('future', { publishedUtc: PAST, wasPublished: false }), NOW)).toBe(false);
    expect(canEdit(owner('contributor'), record('future', { publishedUtc: FUTURE }), NOW)).toBe(false);
  });
});

describe('canChangeSticky and canAssignAuthor', () => {
  it.each([
    ['administrator', true],
    ['editor', true],
    ['author', false],
    ['contributor', false],
  ] as const)('%s may change sticky and name another author: %s', (role, editorial) => {
    expect(canChangeSticky(userOf(role))).toBe(editorial);
    expect(canAssignAuthor(userOf(role, 5), 6)).toBe(editorial);
    expect(canAssignAuthor(userOf(role, 5), 5)).toBe(true);
  });
});

describe('statusToStore', () => {
  it.each<[Role, WritableStatus | undefined, WritableStatus]>([
    ['contributor', undefined, 'draft'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['contributor', 'draft', 'draft'],
    ['contributor', 'pending', 'pending'],
    ['author', undefined, 'publish'],
    ['editor', undefined, 'publish'],
    ['administrator', undefined, 'publish'],
    ['author', 'draft', 'draft'],
    ['editor', 'private', 'private'],
    ['administrator', 'pending', 'pending'],
  ])('%s asking for %s with a past date stores %s', (role, requested, stored) => {
    expect(statusToStore(userOf(role), requested, PAST, NOW)).toBe(stored);
  });

  it('publishes a future status whose date has passed (or is now)', () => {
    expect(statusToStore(userOf('editor'), 'future', PAST, NOW)).toBe('publish');
    expect(statusToStore(userOf('editor'), 'future', NOW, NOW)).toBe('publish');
  });

  it('schedules a publish whose date is ahead, also by default', () => {
    expect(statusToStore(userOf('author'), 'publish', FUTURE, NOW)).toBe('future');
    expect(statusToStore(userOf('author'), undefined, FUTURE, NOW)).toBe('future');
    expect(statusToStore(userOf('editor'), 'future', FUTURE, NOW)).toBe('future');
  });

  it('leaves a contributor pending whatever the date', () => {
    expect(statusToStore(userOf('contributor'), 'publish', FUTURE, NOW)).toBe('pending');
    expect(statusToStore(userOf('contributor'), 'future', FUTURE, NOW)).toBe('pending');
    expect(statusToStore(userOf('contributor'), undefined, FUTURE, NOW)).toBe('draft');
  });

  it('keeps drafts, pending and private records as asked whatever the date', () => {
    for (const status of ['draft', 'pending', 'private'] as const) {
      expect(statusToStore(userOf('editor'), status, FUTURE, NOW)).toBe(status);
    }
  });
});
