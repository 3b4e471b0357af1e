import { expectApiError, listedIds } from './support/events-assertions';
import {
  ANONYMOUS,
  as,
  Body,
  Caller,
  createEvent,
  EVENTS,
  getEvent,
  listEvents,
  patchEvent,
  postEvent,
  updateEvent,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

type Role = 'anonymous' | 'contributor' | 'author' | 'editor' | 'administrator';
const ROLES: Role[] = ['anonymous', 'contributor', 'author', 'editor', 'administrator'];
const WRITERS: Role[] = ['contributor', 'author', 'editor', 'administrator'];

/** Status (and error code when refused) a role gets for one operation. */
type Outcome = [number, string?];
const OK: Outcome = [200];
const UNAUTHENTICATED: Outcome = [401, 'rest_forbidden'];
const FORBIDDEN: Outcome = [403, 'rest_forbidden'];
const NOT_ACCESSIBLE: Outcome = [403, 'event-not-accessible'];

function expectOutcome(res: { status: number; body: Body }, [status, code]: Outcome): void {
  if (code) expectApiError(res as never, status, code);
  else expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
}

describe('event permissions: the role matrix', () => {
  let t: TestApp;
  const tokens = {} as Record<Role, Caller>;
  const userIds = {} as Record<Role, number>;
  beforeAll(async () => {
    t = await createTestApp();
    tokens.anonymous = ANONYMOUS;
    tokens.administrator = ADMIN_TOKEN;
    for (const role of ['contributor', 'author', 'editor'] as const) tokens[role] = await t.tokenFor(role);
    for (const role of WRITERS) userIds[role] = await t.userIdOf(tokens[role] as string);
  });
  afterAll(async () => t.close());

  /** An event by the administrator (someone else for every other role). */
  const othersEvent = (fields: Body = {}) => createEvent(t, { title: 'Others', ...fields });
  /** An event the role owns; `published` ones are set up by the administrator for contributors. */
  const ownEvent = (role: Role, published: boolean) =>
    role === 'contributor' && published
      ? createEvent(t, { title: 'Own published', author: userIds.contributor, status: 'publish' })
      : createEvent(t, { title: 'Own', status: published ? 'publish' : 'draft' }, tokens[role]);

  const matrix: Record<string, Record<Role, Outcome>> = {
    readOthersDraft: { anonymous: NOT_ACCESSIBLE, contributor: NOT_ACCESSIBLE, author: NOT_ACCESSIBLE, editor: OK, administrator: OK },
    editOthers: { anonymous: UNAUTHENTICATED, contributor: FORBIDDEN, author: FORBIDDEN, editor: OK, administrator: OK },
    deleteOthers: { anonymous: UNAUTHENTICATED, contributor: FORBIDDEN, author: FORBIDDEN, editor: OK, administrator: OK },
  };

  it.each(ROLES)('%s reads published events', async (role) => {
    const event = await othersEvent();
    expectOutcome(await getEvent(t, event.id, tokens[role]), OK);
    expect(listedIds(await listEvents(t, { include: event.id }, tokens[role]))).toEqual([event.id]);
  });

  it.each(ROLES)("%s reads others' drafts only as an editor or administrator", async (role) => {
    const draft = await othersEvent({ status: 'draft' });
    expectOutcome(await getEvent(t, draft.id, tokens[role]), matrix.readOthersDraft[role]);
    expectOutcome(await t.http.get(`${EVENTS}/by-slug/${draft.slug as string}`).set(as(tokens[role])), matrix.readOthersDraft[role]);
  });

  it.each(['contributor', 'author'] as const)('%s reads own drafts', async (role) => {
    const draft = await ownEvent(role, false);
    expectOutcome(await getEvent(t, draft.id, tokens[role]), OK);
    expect(listedIds(await listEvents(t, { include: draft.id }, tokens[role]))).toEqual([draft.id]);
    expect(listedIds(await listEvents(t, { include: draft.id }))).toEqual([]);
  });

  it('refuses anonymous creation with 401 and writes nothing', async () => {
    const before = (await listEvents(t, { per_page: 1, status: 'publish' }, ADMIN_TOKEN)).body.total;
    expectApiError(await postEvent(t, {}, ANONYMOUS), 401, 'rest_forbidden');
    expect((await listEvents(t, { per_page: 1, status: 'publish' }, ADMIN_TOKEN)).body.total).toBe(before);
  });

  it.each([
    ['contributor', undefined, 'draft'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['author', undefined, 'publish'],
    ['author', 'draft', 'draft'],
    ['editor', undefined, 'publish'],
    ['administrator', 'pending', 'pending'],
  ] as const)('%s creating with status %s stores %s', async (role, status, stored) => {
    const res = await postEvent(t, status ? { status } : {}, tokens[role]).expect(201);
    expect([res.body.status, res.body.author]).toEqual([stored, userIds[role]]);
  });

  it.each([
    ['contributor', false, OK],
    ['contributor', true, FORBIDDEN],
    ['author', false, OK],
    ['author', true, OK],
    ['editor', true, OK],
    ['administrator', true, OK],
  ] as const)('%s editing an own event (published: %s)', async (role, published, outcome) => {
    const event = await ownEvent(role, published);
    const res = await patchEvent(t, event.id, { title: 'Edited own' }, tokens[role]);
    expectOutcome(res, outcome);
    expect((await getEvent(t, event.id, ADMIN_TOKEN)).body.title).toBe(outcome === OK ? 'Edited own' : event.title);
  });

  it('schedules events dated ahead and publishes them once the date has passed', async () => {
    const scheduled = await createEvent(t, { status: 'publish', date: '2099-01-01 10:00:00' });
    expect(scheduled.status).toBe('future');
    expectApiError(await getEvent(t, scheduled.id), 403, 'event-not-accessible');
    expect(listedIds(await listEvents(t, { include: scheduled.id }))).toEqual([]);
    await t.dataSource.query('UPDATE events SET published_utc = ? WHERE id = ?', ['2020-01-01 10:00:00', scheduled.id]);
    expect((await getEvent(t, scheduled.id).expect(200)).body.status).toBe('publish');
    expect(listedIds(await listEvents(t, { include: scheduled.id }))).toEqual([scheduled.id]);
    expect((await createEvent(t, { status: 'future', date: '2020-01-01 10:00:00' })).status).toBe('publish');
  });

  it.each([
    ['publishes', { status: 'publish' }],
    ['schedules', { status: 'future', date: '2099-01-01 10:00:00' }],
    ['makes private', { status: 'private' }],
  ])('keeps a contributor out of an own pending event once an editor %s it', async (_what, review) => {
    const event = await createEvent(t, { title: 'Reviewed text', status: 'pending' }, tokens.contributor);
    await updateEvent(t, event.id, review, tokens.editor);
    expectApiError(await patchEvent(t, event.id, { title: 'Unreviewed text' }, tokens.contributor), 403, 'rest_forbidden');
    expectApiError(await t.http.delete(`${EVENTS}/${event.id}`).set(as(tokens.contributor)), 403, 'rest_forbidden');
    expectApiError(await t.http.delete(`${EVENTS}/${event.id}?force=true`).set(as(tokens.contributor)), 403, 'rest_forbidden');
    const stored = (await getEvent(t, event.id, ADMIN_TOKEN).expect(200)).body;
    expect([stored.title, stored.status]).toEqual(['Reviewed text', review.status]);
  });

  it('gives a contributor an own event back once an editor returns it to draft', async () => {
    const event = await ownEvent('contributor', true);
    await updateEvent(t, event.id, { status: 'draft' });
    expect((await updateEvent(t, event.id, { title: 'Mine again' }, tokens.contributor)).title).toBe('Mine again');
  });

  it('keeps a contributor from publishing through an update', async () => {
    const event = await ownEvent('contributor', false);
    expect((await updateEvent(t, event.id, { status: 'publish' }, tokens.contributor)).status).toBe('pending');
    expect((await updateEvent(t, event.id, { title: 'Still mine' }, tokens.contributor)).status).toBe('pending');
  });

  it.each(ROLES)("%s editing others' events", async (role) => {
    const event = await othersEvent();
    for (const method of ['post', 'put', 'patch'] as const) {
      const res = await t.http[method](`${EVENTS}/${event.id}`)
        .set(as(tokens[role]))
        .send({ excerpt: `by ${role}` });
      expectOutcome(res, matrix.editOthers[role]);
    }
    const bySlug = await t.http
      .patch(`${EVENTS}/by-slug/${event.slug as string}`)
      .set(as(tokens[role]))
      .send({ excerpt: `by ${role}` });
    expectOutcome(bySlug, matrix.editOthers[role]);
    const stored = (await getEvent(t, event.id)).body.excerpt;
    expect(stored).toBe(matrix.editOthers[role] === OK ? `<p>by ${role}</p>` : '');
  });

  it.each([
    ['contributor', false, OK],
    ['contributor', true, FORBIDDEN],
    ['author', true, OK],
    ['editor', true, OK],
    ['administrator', true, OK],
  ] as const)('%s moving an own event to trash (published: %s)', async (role, published, outcome) => {
    const event = await ownEvent(role, published);
    const res = await t.http.delete(`${EVENTS}/${event.id}`).set(as(tokens[role]));
    expectOutcome(res, outcome);
    if (outcome === OK) expect(res.body).toMatchObject({ id: event.id, status: 'trash' });
  });

  it.each(ROLES)("%s moving others' events to trash", async (role) => {
    const event = await othersEvent();
    expectOutcome(await t.http.delete(`${EVENTS}/${event.id}`).set(as(tokens[role])), matrix.deleteOthers[role]);
    const bySlug = await othersEvent({ title: `Slug trash ${role}` });
    expectOutcome(await t.http.delete(`${EVENTS}/by-slug/${bySlug.slug as string}`).set(as(tokens[role])), matrix.deleteOthers[role]);
  });

  it.each(ROLES)("%s deleting others' events for good", async (role) => {
    const event = await othersEvent();
    const res = await t.http.delete(`${EVENTS}/${event.id}`).query({ force: 'true' }).set(as(tokens[role]));
    expectOutcome(res, matrix.deleteOthers[role]);
    expect((await getEvent(t, event.id, ADMIN_TOKEN)).status).toBe(matrix.deleteOthers[role] === OK ? 404 : 200);
  });

  it.each(WRITERS)('%s deleting an own draft for good', async (role) => {
    const event = await ownEvent(role, false);
    const res = await t.http.delete(`${EVENTS}/${event.id}`).query({ force: 'true' }).set(as(tokens[role])).expect(200);
    expect(res.body).toMatchObject({ deleted: true, previous: { id: event.id, status: 'draft' } });
    expectApiError(await getEvent(t, event.id, ADMIN_TOKEN), 404, 'rest-event-not-found');
  });

  it('checks credentials before looking the record up', async () => {
    expectApiError(await patchEvent(t, 999999, { title: 'x' }, ANONYMOUS), 401, 'rest_forbidden');
    expectApiError(await t.http.delete(`${EVENTS}/999999`), 401, 'rest_forbidden');
    expectApiError(await t.http.post(`${EVENTS}/by-slug/no-such-event`).send({ title: 'x' }), 401, 'rest_forbidden');
    expectApiError(await t.http.delete(`${EVENTS}/999999?force=true`), 401, 'rest_forbidden');
    expectApiError(await t.http.delete(`${EVENTS}/999999?force=true`).set(bearer(tokens.author as string)), 404, 'rest-event-not-found');
  });

  it.each(['contributor', 'author'] as const)('refuses sticky from %s with 403 and writes nothing', async (role) => {
    const own = await createEvent(t, { title: 'Not sticky', status: 'draft' }, tokens[role]);
    expectApiError(await postEvent(t, { sticky: true }, tokens[role]), 403, 'rest_forbidden');
    expectApiError(await patchEvent(t, own.id, { sticky: true }, tokens[role]), 403, 'rest_forbidden');
    expect((await getEvent(t, own.id, ADMIN_TOKEN)).body.sticky).toBe(false);
    // Sending the value the event already has is no change: clients echo records back.
    expect((await updateEvent(t, own.id, { sticky: false, title: 'Echoed' }, tokens[role])).sticky).toBe(false);
    await updateEvent(t, own.id, { sticky: true }, tokens.editor);
    expectApiError(await patchEvent(t, own.id, { sticky: false }, tokens[role]), 403, 'rest_forbidden');
    expect((await getEvent(t, own.id, ADMIN_TOKEN)).body.sticky).toBe(true);
  });

  it.each(['editor', 'administrator'] as const)('lets %s set and clear sticky', async (role) => {
    const created = (await postEvent(t, { sticky: true }, tokens[role]).expect(201)).body;
    expect(created.sticky).toBe(true);
    expect((await updateEvent(t, created.id, { sticky: false }, tokens[role])).sticky).toBe(false);
  });

  it('lets only editors and administrators name another author', async () => {
    const own = await ownEvent('author', true);
    expectApiError(await patchEvent(t, own.id, { author: userIds.editor }, tokens.author), 403, 'rest_forbidden');
    expectApiError(await postEvent(t, { author: userIds.editor }, tokens.author), 403, 'rest_forbidden');
    expect((await updateEvent(t, own.id, { author: userIds.author }, tokens.author)).author).toBe(userIds.author);
    expect((await updateEvent(t, own.id, { author: userIds.contributor }, tokens.editor)).author).toBe(userIds.contributor);
  });

  it('answers a bad token with 401 rest_invalid_token, also on reads', async () => {
    expectApiError(await listEvents(t, {}, 'not-a-token'), 401, 'rest_invalid_token');
    const event = await othersEvent();
    expectApiError(await getEvent(t, event.id, 'not-a-token'), 401, 'rest_invalid_token');
    expectApiError(await postEvent(t, {}, 'not-a-token'), 401, 'rest_invalid_token');
  });
});
