import { EntityManager, QueryRunner } from 'typeorm';

/**
 * Runs `work` in the transaction open on `runner` and commits it. When either fails, the
 * transaction is rolled back explicitly while `isOpen` says it still is (a failed statement may
 * leave it open: a MySQL lock wait timeout undoes only the statement), and the error rethrown.
 */
export async function commitOrRollBack<T>(
  runner: QueryRunner,
  work: (manager: EntityManager) => Promise<T>,
  isOpen: () => boolean,
): Promise<T> {
  try {
    const result = await work(runner.manager);
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (isOpen()) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  }
}
