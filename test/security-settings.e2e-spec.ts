import { Logger } from '@nestjs/common';
import { createTestApp } from './support/test-app';

/*
 * Settings that decide how much a client is trusted: Swagger UI keeps tokens in the browser only
 * when SWAGGER_PERSIST_AUTHORIZATION=true, and TRUST_PROXY=true (every hop trusted, so the client
 * chooses its own address) is warned about at start-up.
 */

const persists = (script: string) => /"persistAuthorization":\s*(true|false)/.exec(script)?.[1];

describe('security settings', () => {
  it('Swagger UI forgets the token with the tab unless SWAGGER_PERSIST_AUTHORIZATION=true', async () => {
    const plain = await createTestApp();
    const persisting = await createTestApp({ SWAGGER_PERSIST_AUTHORIZATION: 'true' });
    try {
      for (const path of ['/docs/swagger-ui-init.js', '/de/docs/swagger-ui-init.js']) {
        expect(persists((await plain.http.get(path).expect(200)).text)).toBe('false');
        expect(persists((await persisting.http.get(path).expect(200)).text)).toBe('true');
      }
    } finally {
      await plain.close();
      await persisting.close();
    }
  });

  it('warns at start-up when TRUST_PROXY=true, and not when it names the proxy', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const named = await createTestApp({ TRUST_PROXY: 'loopback' });
      await named.close();
      expect(warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY'))).toEqual([]);
      const everyone = await createTestApp({ TRUST_PROXY: 'true' });
      await everyone.close();
      expect(warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY=true'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
