import { EntityManager } from 'typeorm';
import { consecutiveIdIncrement, consecutiveIds } from './bulk-insert.repository';

const answering = (row: object | undefined) => ({ query: async () => (row ? [row] : []) }) as unknown as EntityManager;

describe('consecutiveIdIncrement', () => {
  it("is the server's auto_increment_increment when a multi-row INSERT takes consecutive IDs (lock modes 0 and 1)", async () => {
    expect(await consecutiveIdIncrement(answering({ mode: 1, increment: 1 }))).toBe(1);
    expect(await consecutiveIdIncrement(answering({ mode: '0', increment: '3' }))).toBe(3);
  });

  it('is undefined when other writers may take IDs in between (mode 2, as on Galera) or the server does not say', async () => {
    expect(await consecutiveIdIncrement(answering({ mode: 2, increment: 1 }))).toBeUndefined();
    expect(await consecutiveIdIncrement(answering({ mode: null, increment: 1 }))).toBeUndefined();
    expect(await consecutiveIdIncrement(answering(undefined))).toBeUndefined();
  });
});

describe('consecutiveIds', () => {
  it("spaces the rows' IDs from the first, the INSERT's insertId, by the increment", () => {
    expect(consecutiveIds({ insertId: 41, affectedRows: 3 }, 3, 1)).toEqual([41, 42, 43]);
    expect(consecutiveIds({ insertId: 5, affectedRows: 3 }, 3, 2)).toEqual([5, 7, 9]);
  });

  it('refuses an answer that does not account for every row', () => {
    expect(() => consecutiveIds({ insertId: 41, affectedRows: 2 }, 3, 1)).toThrow(/insertId 41, 2 rows/);
    expect(() => consecutiveIds({ insertId: 0, affectedRows: 3 }, 3, 1)).toThrow();
  });
});
