import { RecordsAtVersion } from './records-at-version';

interface Row {
  id: number;
  name: string;
}

function source(rows: Row[]) {
  const asked: number[][] = [];
  const load = (ids: number[]) => {
    asked.push(ids);
    return Promise.resolve(rows.filter((row) => ids.includes(row.id)).map((row) => ({ ...row })));
  };
  return { asked, load };
}

const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('RecordsAtVersion', () => {
  it('reads each record once per version and asks only for what it does not hold', async () => {
    const cache = new RecordsAtVersion<Row>(100);
    const db = source([1, 2, 3].map((id) => ({ id, name: `r${id}` })));
    expect(ids(await cache.find('v1', [1, 2], db.load))).toEqual([1, 2]);
    expect(ids(await cache.find('v1', [2, 3], db.load))).toEqual([2, 3]);
    expect(db.asked).toEqual([[1, 2], [3]]);
  });

  it('forgets everything when the version moves', async () => {
    const cache = new RecordsAtVersion<Row>(100);
    const rows = [{ id: 1, name: 'old' }];
    const db = source(rows);
    await cache.find('v1', [1], db.load);
    rows[0].name = 'new';
    expect((await cache.find('v2', [1], db.load))[0].name).toBe('new');
    expect(db.asked).toEqual([[1], [1]]);
  });

  it('always asks when the request read no version', async () => {
    const cache = new RecordsAtVersion<Row>(100);
    const db = source([{ id: 1, name: 'a' }]);
    await cache.find(undefined, [1], db.load);
    await cache.find(undefined, [1], db.load);
    expect(db.asked).toEqual([[1], [1]]);
  });

  it('does not keep what a request of an older version read after a newer one moved the cache', async () => {
    const cache = new RecordsAtVersion<Row>(100);
    const rows = [{ id: 1, name: 'at v1' }];
    let release: () => void = () => undefined;
    // Reads the rows as they are now, answers later.
    const slow = (wanted: number[]) => {
      const read = rows.filter((row) => wanted.includes(row.id)).map((row) => ({ ...row }));
      return new Promise<Row[]>((resolve) => {
        release = () => resolve(read);
      });
    };
    const older = cache.find('v1', [1], slow);
    rows[0].name = 'at v2';
    const db = source(rows);
    await cache.find('v2', [1], db.load);
    release();
    expect((await older)[0].name).toBe('at v1');
    expect((await cache.find('v2', [1], db.load))[0].name).toBe('at v2');
    expect(db.asked).toEqual([[1]]);
  });

  it('holds at most its bound and still answers beyond it', async () => {
    const cache = new RecordsAtVersion<Row>(2);
    const db = source([1, 2, 3].map((id) => ({ id, name: `r${id}` })));
    expect(ids(await cache.find('v1', [1, 2, 3], db.load))).toEqual([1, 2, 3]);
    expect(ids(await cache.find('v1', [1, 2, 3], db.load))).toEqual([1, 2, 3]);
    expect(db.asked).toEqual([[1, 2, 3], [3]]);
  });
});
