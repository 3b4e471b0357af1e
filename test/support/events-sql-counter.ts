import { TestApp } from './test-app';

/**
 * The SQL statements the app runs while `work` runs. TypeORM hands every statement to the data
 * source's logger (`logQuery`) before executing it, on every driver, whatever the log level.
 */
export async function queriesDuring(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(t.dataSource.logger, 'logQuery');
  try {
    await work();
    return spy.mock.calls.map(([sql]) => sql);
  } finally {
    spy.mockRestore();
  }
}
