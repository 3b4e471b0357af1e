import { AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { UsersRepository } from '@app/domain';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { hashTokenSecret } from './token-secret';
import { TokenTakenError, UsersService } from './users.service';

/**
 * Two instances starting together on an empty database, both with ADMIN_TOKEN: the one that finds
 * the name `admin` taken by the other picks `admin-<time>`, and its token then clashes with the
 * other's. It must start all the same (the other created the administrator), not give up.
 */
describe('creating the first administrator beside another instance', () => {
  const ADMIN_TOKEN = 'cal_the-configured-secret';
  const runOnce = { run: (work: (db: unknown) => Promise<unknown>) => work({}) } as unknown as TransactionRunner;

  function repository(registeredHashes: string[]) {
    return {
      findByName: jest.fn(async () => null),
      hasToken: jest.fn(async (hash: string) => registeredHashes.includes(hash)),
      insertUser: jest.fn(async () => ({ id: 9 })),
      insertToken: jest.fn(async () => undefined),
    };
  }

  it('refuses a secret registered already before writing anything', async () => {
    const users = repository([hashTokenSecret(ADMIN_TOKEN)]);
    const service = new UsersService(users as unknown as UsersRepository, runOnce);
    await expect(service.createWithToken('admin-1', 'administrator', ADMIN_TOKEN)).rejects.toBeInstanceOf(TokenTakenError);
    expect(users.insertUser).not.toHaveBeenCalled();
    expect(users.insertToken).not.toHaveBeenCalled();
  });

  it('creates the user and its token when the secret is new', async () => {
    const users = repository([]);
    const service = new UsersService(users as unknown as UsersRepository, runOnce);
    await expect(service.createWithToken('admin', 'administrator', ADMIN_TOKEN)).resolves.toMatchObject({ token: ADMIN_TOKEN });
    expect(users.insertToken).toHaveBeenCalledWith(9, hashTokenSecret(ADMIN_TOKEN), expect.any(Date), {});
  });

  it('starts when the other instance registered the same ADMIN_TOKEN first', async () => {
    const users = {
      findFirstWithRole: jest.fn(async () => null),
      findByName: jest.fn(async () => ({ id: 1, name: 'admin' })),
      createWithToken: jest.fn(async () => Promise.reject(new TokenTakenError())),
    };
    const bootstrap = new AdminBootstrapService(users as unknown as UsersService, { adminToken: ADMIN_TOKEN } as AppConfig);
    await expect(bootstrap.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(users.createWithToken).toHaveBeenCalledWith(expect.stringMatching(/^admin-\d+$/), 'administrator', ADMIN_TOKEN);
  });

  it('still fails on any other error', async () => {
    const users = {
      findFirstWithRole: jest.fn(async () => null),
      findByName: jest.fn(async () => null),
      createWithToken: jest.fn(async () => Promise.reject(new Error('database gone'))),
    };
    const bootstrap = new AdminBootstrapService(users as unknown as UsersService, { adminToken: ADMIN_TOKEN } as AppConfig);
    await expect(bootstrap.onApplicationBootstrap()).rejects.toThrow('database gone');
  });
});
