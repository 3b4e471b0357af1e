import { Built, Credential, LoadState, marker, NS, pick, random, REJECT_MARK } from './workload';

// The request mix of the load: writes on a small shared pool of records (so writers collide), must-fail writes and reads.

// ---- the shared pools: few titles and names, so that writers collide on slugs and on find-or-create

const TITLES = ['Jazz Night', 'Open Air Kino', 'Lesung am Abend', 'Flohmarkt', 'Kinder Workshop'];
const VENUES: Array<[string, string]> = [
  ['CC Hall A', 'Berlin'],
  ['CC Hall B', 'Berlin'],
  ['CC Club C', 'Hamburg'],
  ['CC Kino D', 'Koeln'],
  ['CC Park E', 'Muenchen'],
  ['CC Saal F', 'Leipzig'],
];
const ORGANIZERS: Array<[string, string]> = [1, 2, 3, 4, 5, 6].map((n) => [`CC Org ${n}`, `org${n}@example.org`]);
const CATEGORIES = ['cc Music', 'cc Film', 'cc Kids', 'cc Outdoor', 'cc Theatre', 'cc Talk', 'cc Market', 'cc Dance'];
const TAGS = ['cc free', 'cc family', 'cc live', 'cc indoor', 'cc late', 'cc weekly', 'cc fresh', 'cc popular'];
/** An ID no term has: a reference to it is a 400 (docs/api-rules.md, Writes: unknown numeric IDs). */
const UNKNOWN_TERM_ID = 999_999_999;

const chance = (p: number) => Math.random() < p;

function pickSome<T>(items: readonly T[], min: number, max: number): T[] {
  const count = min + random(max - min + 1);
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(random(pool.length), 1)[0]);
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
function wall(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
}

/** A start 1-300 days ahead and an end 1-4 hours later (or before it, for reject-dates). */
function schedule(endBeforeStart = false): { start_date: string; end_date: string } {
  const start = new Date(Date.now() + (1 + random(300)) * 86_400_000);
  start.setUTCHours(8 + random(12), pick([0, 15, 30, 45]), 0, 0);
  const end = new Date(start.getTime() + (endBeforeStart ? -1 : 1) * (1 + random(4)) * 3_600_000);
  return { start_date: wall(start), end_date: wall(end) };
}

/** Terms named by phase: each phase has names nobody used yet, so several writers create them at once. */
function termPool(base: readonly string[], phase: string, kind: string): string[] {
  return [...base, ...[1, 2, 3, 4, 5, 6].map((n) => `cc ${phase} ${kind} ${n}`)];
}

function venueField(state: LoadState, seq: number): { value?: unknown; unique: string[] } {
  const roll = Math.random();
  const inline = () => {
    const [venue, city] = pick(VENUES);
    return { venue, city };
  };
  if (roll < 0.55) return { value: inline(), unique: [] };
  if (roll < 0.7 && state.venueIds.size) return { value: pick([...state.venueIds]), unique: [] };
  if (roll < 0.8) {
    const [a, b] = pickSome(VENUES, 2, 2);
    return {
      value: [
        { venue: a[0], city: a[1] },
        { venue: b[0], city: b[1] },
      ],
      unique: [],
    };
  }
  if (roll < 0.88) {
    const name = `CC Uniq Venue ${seq}`;
    return { value: { venue: name, city: 'Berlin' }, unique: [name] };
  }
  return { unique: [] };
}

function organizerField(state: LoadState, seq: number): { value?: unknown; unique: string[] } {
  const roll = Math.random();
  const inline = ([organizer, email]: [string, string]) => ({ organizer, email });
  if (roll < 0.45) return { value: [inline(pick(ORGANIZERS))], unique: [] };
  if (roll < 0.65) return { value: pickSome(ORGANIZERS, 2, 2).map(inline), unique: [] };
  if (roll < 0.75 && state.organizerIds.size) return { value: [pick([...state.organizerIds])], unique: [] };
  if (roll < 0.85) {
    const name = `CC Uniq Org ${seq}`;
    return { value: [{ organizer: name, email: `uniq${seq}@example.org` }, inline(pick(ORGANIZERS))], unique: [name] };
  }
  return { unique: [] };
}

function termsField(pool: string[], seq: number, kind: string, uniqueChance: number): { value?: string[]; unique: string[] } {
  const names = pickSome(pool, 1, 3);
  if (chance(uniqueChance)) {
    const name = `cc uniq ${kind} ${seq}`;
    return { value: [...names, name], unique: [name] };
  }
  return { value: names, unique: [] };
}

function editorial(state: LoadState): Credential {
  return pick([state.tokens.admin, ...state.tokens.editors]);
}

export function buildCreate(state: LoadState, seq: number, phase: string): Built {
  const byAuthor = chance(0.06);
  const credential = byAuthor ? state.tokens.author : editorial(state);
  const body: Record<string, unknown> = { title: pick(TITLES), ...schedule(), excerpt: marker(seq) };
  const unique: string[] = [];
  const roll = Math.random();
  if (roll < 0.1) body.status = 'draft';
  else if (roll < 0.15) body.status = 'private';
  const venue = venueField(state, seq);
  if (venue.value !== undefined) body.venue = venue.value;
  unique.push(...venue.unique);
  const organizer = organizerField(state, seq);
  if (organizer.value !== undefined) body.organizer = organizer.value;
  unique.push(...organizer.unique);
  // Authors may not create terms (docs/api-rules.md, Statuses, users and permissions): their events carry none, so no 400 is expected.
  if (!byAuthor && chance(0.8)) {
    const categories = termsField(termPool(CATEGORIES, phase, 'cat'), seq, 'cat', 0.25);
    body.categories = categories.value;
    unique.push(...categories.unique);
  }
  if (!byAuthor && chance(0.7)) {
    const tags = termsField(termPool(TAGS, phase, 'tag'), seq, 'tag', 0.15);
    body.tags = tags.value;
    unique.push(...tags.unique);
  }
  return {
    op: 'create',
    request: { method: 'POST', path: `${NS}/events`, token: credential.token, body },
    role: credential.role,
    uniqueNames: unique,
  };
}

function buildUpdate(state: LoadState, seq: number, phase: string, target: number): Built {
  const credential = editorial(state);
  const body: Record<string, unknown> = {};
  const unique: string[] = [];
  while (Object.keys(body).length === 0) {
    if (chance(0.5)) body.title = pick(TITLES);
    if (chance(0.25)) Object.assign(body, schedule());
    if (chance(0.4)) {
      if (chance(0.1)) body.categories = [];
      else {
        const categories = termsField(termPool(CATEGORIES, phase, 'cat'), seq, 'cat', 0.25);
        body.categories = categories.value;
        unique.push(...categories.unique);
      }
    }
    if (chance(0.3)) body.tags = termsField(termPool(TAGS, phase, 'tag'), seq, 'tag', 0).value;
    if (chance(0.3)) {
      const venue = venueField(state, seq);
      body.venue = venue.value ?? '';
      unique.push(...venue.unique);
    }
    if (chance(0.2)) {
      const organizer = organizerField(state, seq);
      body.organizer = organizer.value ?? [];
      unique.push(...organizer.unique);
    }
    if (chance(0.2)) body.status = pick(['publish', 'publish', 'draft', 'private', 'pending']);
  }
  const method = pick(['PUT', 'PATCH', 'POST']);
  return {
    op: 'update',
    request: { method, path: `${NS}/events/${target}`, token: credential.token, body },
    role: credential.role,
    target,
    uniqueNames: unique,
  };
}

function rejectedLinks(seq: number, lateTagFailure: boolean): Record<string, unknown> {
  return {
    venue: { venue: `ZZrej Venue ${seq}`, city: 'Nowhere' },
    organizer: [{ organizer: `ZZrej Org ${seq}`, email: `zzrej${seq}@example.org` }],
    categories: [`${REJECT_MARK} cat ${seq}`, pick(CATEGORIES)],
    tags: lateTagFailure ? [`${REJECT_MARK} tag ${seq}`, UNKNOWN_TERM_ID] : [`${REJECT_MARK} tag ${seq}`],
  };
}

function rejectNames(seq: number): string[] {
  return [
    `ZZrej Venue ${seq}`,
    `ZZrej Org ${seq}`,
    `${REJECT_MARK} cat ${seq}`,
    `${REJECT_MARK} tag ${seq}`,
    `${REJECT_MARK} event ${seq}`,
  ];
}

function buildReject(state: LoadState, seq: number, op: 'reject-dates' | 'reject-late' | 'reject-update', target?: number): Built {
  const credential = editorial(state);
  const base = { title: `${REJECT_MARK} event ${seq}`, ...rejectedLinks(seq, op !== 'reject-dates') };
  if (op === 'reject-update' && target !== undefined) {
    return {
      op,
      request: { method: pick(['PUT', 'PATCH']), path: `${NS}/events/${target}`, token: credential.token, body: base },
      role: credential.role,
      target,
      uniqueNames: rejectNames(seq),
    };
  }
  const body = { ...base, ...schedule(op === 'reject-dates'), excerpt: `${marker(seq)} ${REJECT_MARK}` };
  return {
    op,
    request: { method: 'POST', path: `${NS}/events`, token: credential.token, body },
    role: credential.role,
    uniqueNames: rejectNames(seq),
  };
}

const PROBES = [
  `${NS}/venues?search=${REJECT_MARK}&per_page=50`,
  `${NS}/organizers?search=${REJECT_MARK}&per_page=50`,
  `${NS}/categories?search=${REJECT_MARK}&hide_empty=false&per_page=50`,
  `${NS}/tags?search=${REJECT_MARK}&hide_empty=false&per_page=50`,
  `${NS}/events?search=${REJECT_MARK}&status=any&start_date=2000-01-01&end_date=2100-12-31&per_page=50`,
];

/** The mix: mostly writes on a small set of records, some must-fail writes, a few reads. */
export function buildRequest(state: LoadState, seq: number, phase: string): Built {
  const roll = Math.random();
  const target = state.pickHot();
  if (roll < 0.45 || target === undefined) return buildCreate(state, seq, phase);
  if (roll < 0.69) return buildUpdate(state, seq, phase, target);
  if (roll < 0.74) {
    const credential = editorial(state);
    return {
      op: 'trash',
      request: { method: 'DELETE', path: `${NS}/events/${target}`, token: credential.token },
      role: credential.role,
      target,
      uniqueNames: [],
    };
  }
  if (roll < 0.785) {
    const credential = editorial(state);
    return {
      op: 'force',
      request: { method: 'DELETE', path: `${NS}/events/${target}?force=true`, token: credential.token },
      role: credential.role,
      target,
      uniqueNames: [],
    };
  }
  if (roll < 0.825) return buildReject(state, seq, 'reject-dates');
  if (roll < 0.875) return buildReject(state, seq, 'reject-late');
  if (roll < 0.915) return buildReject(state, seq, 'reject-update', target);
  if (roll < 0.99) return probe(state);
  const admin = state.tokens.admin;
  return {
    op: 'read',
    request: { method: 'GET', path: `${NS}/events/${target}`, token: admin.token },
    role: admin.role,
    target,
    uniqueNames: [],
  };
}

/**
 * Requests fired at one instance right before it is signalled, so that a known set of requests is
 * certainly accepted (fully written) when the signal arrives: creates, and event lists that take a while.
 */
export function burstRequests(state: LoadState, phase: string, count: number): Array<(seq: number) => Built> {
  const admin = state.tokens.admin;
  const list: Built = {
    op: 'read',
    request: { method: 'GET', path: `${NS}/events?status=any&per_page=50`, token: admin.token },
    role: admin.role,
    uniqueNames: [],
  };
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? (seq: number) => buildCreate(state, seq, phase) : () => list));
}

export function probe(state: LoadState): Built {
  const admin = state.tokens.admin;
  return { op: 'probe', request: { method: 'GET', path: pick(PROBES), token: admin.token }, role: admin.role, uniqueNames: [] };
}
