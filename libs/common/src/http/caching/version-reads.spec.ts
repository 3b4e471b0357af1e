import type { DataVersion } from './data-version-source';
import { VersionReads } from './version-reads';

/** A version source whose reads the test answers one by one, recording when each started. */
function controlledSource() {
  const started: Date[] = [];
  const answers: Array<() => void> = [];
  let version = 1;
  return {
    started,
    source: {
      // A read sees the database as it was when the read started.
      current(now: Date) {
        started.push(now);
        const seen: DataVersion = { version: String(version), nextDue: '', eventsDue: false, seriesDue: false };
        return new Promise<DataVersion>((resolve) => answers.push(() => resolve(seen)));
      },
    },
    /** Answers the oldest open read. */
    answer() {
      answers.shift()?.();
    },
    write() {
      version++;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('VersionReads', () => {
  it('answers the requests that arrive while a read is under way with one read that starts after them', async () => {
    const db = controlledSource();
    const reads = new VersionReads(db.source);
    const first = reads.read();
    await tick();
    expect(db.started).toHaveLength(1);
    // A write commits while the first read is under way; the next arrivals must see it.
    db.write();
    const second = reads.read();
    const third = reads.read();
    await tick();
    expect(db.started).toHaveLength(1);
    db.answer();
    expect((await first).version.version).toBe('1');
    await tick();
    expect(db.started).toHaveLength(2);
    db.answer();
    const [a, b] = await Promise.all([second, third]);
    expect(a).toBe(b);
    expect(a.version.version).toBe('2');
    expect(a.now).toBe(db.started[1]);
  });

  it('starts at once when no read is under way', async () => {
    const db = controlledSource();
    const reads = new VersionReads(db.source);
    const first = reads.read();
    await tick();
    db.answer();
    await first;
    const second = reads.read();
    await tick();
    expect(db.started).toHaveLength(2);
    db.answer();
    expect((await second).version.version).toBe('1');
  });

  it('a failed read fails its own requests only', async () => {
    let calls = 0;
    const reads = new VersionReads({
      current: () =>
        ++calls === 1
          ? Promise.reject(new Error('lost'))
          : Promise.resolve({ version: '7', nextDue: '', eventsDue: false, seriesDue: false }),
    });
    await expect(reads.read()).rejects.toThrow('lost');
    expect((await reads.read()).version.version).toBe('7');
  });
});
