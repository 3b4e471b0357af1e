import { Logger } from '@nestjs/common';
import { withoutValues } from '@app/common/text/without-values';
import { SafeQueryLogger } from './safe-query-logger';

describe('SafeQueryLogger', () => {
  let lines: Array<[string, string]>;
  beforeEach(() => {
    lines = [];
    for (const level of ['error', 'warn', 'log', 'debug', 'verbose'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void lines.push([level, String(args[0])]));
    }
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs statements without their parameters, only when asked to', () => {
    new SafeQueryLogger(false).logQuery('INSERT INTO events (password) VALUES (?)');
    expect(lines).toEqual([]);
    const logger = new SafeQueryLogger(true);
    logger.logQuery('INSERT INTO events (password) VALUES (?)');
    expect(lines).toEqual([['verbose', 'query: INSERT INTO events (password) VALUES (?)']]);
  });

  it('logs a failed statement as an error, without parameters and without quoted values', () => {
    const error = Object.assign(new Error("Data too long for column 'password' at row 1: 'hunter2'"), { code: 'ER_DATA_TOO_LONG' });
    new SafeQueryLogger(false).logQueryError(error, 'INSERT INTO events (password) VALUES (?)');
    expect(lines).toEqual([
      ['error', "query failed (ER_DATA_TOO_LONG: Data too long for column '…' at row 1: '…'): INSERT INTO events (password) VALUES (?)"],
    ]);
  });

  it.each([
    ['a unique clash on MySQL', { code: 'ER_DUP_ENTRY', errno: 1062 }],
    ['a unique clash on SQLite', { code: 'SQLITE_CONSTRAINT_UNIQUE' }],
    ['a deadlock', { code: 'ER_LOCK_DEADLOCK', errno: 1213 }],
  ])('logs %s, which the transaction runner retries, at debug', (_what, codes) => {
    new SafeQueryLogger(false).logQueryError(Object.assign(new Error("Duplicate entry 'secret-slug' for key 'x'"), codes), 'INSERT …');
    expect(lines.map(([level]) => level)).toEqual(['debug']);
    expect(lines[0][1]).not.toContain('secret-slug');
  });

  it('masks quoted literals, escaped quotes included', () => {
    expect(withoutValues("a 'b\\'c' d 'e' f")).toBe("a '…' d '…' f");
    expect(withoutValues("no values, 'unclosed")).toBe("no values, 'unclosed");
  });
});
