import { LeasesRepository, withLease } from '@app/domain';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const ROOT = join(__dirname, '..');
const RACER = join(__dirname, 'support/lease-racer.ts');

/** Moves a lease's expiry into the past behind its holder's back (as if it had stopped renewing long ago). */
async function expire(app: TestApp, name: string): Promise<void> {
  await app.dataSource.query('UPDATE leases SET expires_at = ? WHERE name = ?', ['2000-01-01 00:00:00.000', name]);
}

interface RacerResult {
  holder: string;
  won: string[];
}

/** Starts a racer process on the database; resolves once it is ready, with a `go` that starts it and its result. */
async function startRacer(database: TestDatabase, names: string[]): Promise<{ go(): void; result: Promise<RacerResult> }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', RACER], {
    cwd: ROOT,
    env: { ...process.env, ...database.env, LEASE_NAMES: names.join(','), LOG_LEVEL: 'error' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? resolve() : output.push(line)));
    child.once('exit', (code) => reject(new Error(`racer ended with ${code} before it was ready`)));
  });
  const result = new Promise<RacerResult>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.join('')) as RacerResult) : reject(new Error(`racer exit ${code}`)),
    ),
  );
  await ready;
  return { go: () => child.stdin.write('go\n'), result };
}

describe('database leases', () => {
  let database: TestDatabase;
  let app: TestApp;
  let leases: LeasesRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({}, { database });
    leases = app.app.get(LeasesRepository);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('a free lease is taken; another holder is refused while it runs; its holder takes it again and renews it', async () => {
    expect(await leases.tryAcquire('one', 'a', 60_000)).toBe(true);
    expect(await leases.tryAcquire('one', 'b', 60_000)).toBe(false);
    expect(await leases.tryAcquire('one', 'a', 60_000)).toBe(true);
    expect(await leases.renew('one', 'a', 60_000)).toBe(true);
    expect(await leases.renew('one', 'b', 60_000)).toBe(false);
  });

  it('a released lease is free at once; releasing one held by another holder changes nothing', async () => {
    expect(await leases.tryAcquire('two', 'a', 60_000)).toBe(true);
    await leases.release('two', 'b');
    expect(await leases.tryAcquire('two', 'b', 60_000)).toBe(false);
    await leases.release('two', 'a');
    expect(await leases.tryAcquire('two', 'b', 60_000)).toBe(true);
    expect(await leases.renew('two', 'a', 60_000)).toBe(false);
  });

  it('an expired lease goes to the next holder that asks, and its former holder can no longer renew it', async () => {
    expect(await leases.tryAcquire('three', 'a', 60_000)).toBe(true);
    await expire(app, 'three');
    expect(await leases.tryAcquire('three', 'b', 60_000)).toBe(true);
    expect(await leases.renew('three', 'a', 60_000)).toBe(false);
    expect(await leases.tryAcquire('three', 'a', 60_000)).toBe(false);
  });

  it('withLease runs the work only for the holder and releases the lease afterwards, also when the work throws', async () => {
    const lease = { name: 'work', holder: 'a', ttlMs: 60_000 };
    const inside = await withLease(leases, lease, async (held) => {
      const other = await withLease(leases, { ...lease, holder: 'b' }, async () => 'ran');
      return { held: held.held, renewed: await held.renew(), other };
    });
    expect(inside).toEqual({ acquired: true, result: { held: true, renewed: true, other: { acquired: false } } });
    await expect(
      withLease(leases, lease, async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await leases.tryAcquire('work', 'b', 60_000)).toBe(true);
  });

  it('a held lease whose renewal finds another holder reports held = false to the work', async () => {
    const outcome = await withLease(leases, { name: 'stolen', holder: 'a', ttlMs: 60_000 }, async (held) => {
      await expire(app, 'stolen');
      await leases.tryAcquire('stolen', 'b', 60_000);
      return { renewed: await held.renew(), held: held.held };
    });
    expect(outcome).toEqual({ acquired: true, result: { renewed: false, held: false } });
    expect(await leases.tryAcquire('stolen', 'a', 60_000)).toBe(false);
  });

  it('refuses an empty name, an overlong holder and a lease without a positive duration', async () => {
    await expect(leases.tryAcquire('', 'a', 1000)).rejects.toThrow(RangeError);
    await expect(leases.tryAcquire('x', 'h'.repeat(101), 1000)).rejects.toThrow(RangeError);
    await expect(leases.renew('x', 'a', 0)).rejects.toThrow(RangeError);
  });

  it('two processes racing for the same free and expired leases: each lease goes to exactly one of them', async () => {
    const free = Array.from({ length: 40 }, (_, i) => `race-free-${i}`);
    const expired = Array.from({ length: 40 }, (_, i) => `race-expired-${i}`);
    for (const name of expired) {
      expect(await leases.tryAcquire(name, 'gone', 60_000)).toBe(true);
      await expire(app, name);
    }
    const names = [...free, ...expired];
    const racers = await Promise.all([startRacer(database, names), startRacer(database, names)]);
    for (const racer of racers) racer.go();
    const results = await Promise.all(racers.map((racer) => racer.result));

    const winners = names.map((name) => results.filter((result) => result.won.includes(name)).length);
    expect(winners).toEqual(names.map(() => 1));
    const rows: Array<{ name: string; holder: string }> = await app.dataSource.query('SELECT name, holder FROM leases');
    const holderOf = new Map(rows.map((row) => [row.name, row.holder]));
    for (const result of results) for (const name of result.won) expect(holderOf.get(name)).toBe(result.holder);
  }, 120_000);
});
