import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a lost connection, wrapped by TypeORM', { driverError: { code: 'PROTOCOL_CONNECTION_LOST' } }],
    ['no node of the cluster online', { code: 'POOL_NONEONLINE' }],
    ['a Galera node outside the primary component (1047)', { errno: 1047 }],
    ['a server shutting down (1053)', { driverError: { errno: 1053 } }],
    ['a server gone away (2006)', { errno: 2006 }],
  ])('%s: yes', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a deadlock', { code: 'ER_LOCK_DEADLOCK', errno: 1213 }],
    ['a syntax error', { code: 'ER_PARSE_ERROR', errno: 1064 }],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('%s: no', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
