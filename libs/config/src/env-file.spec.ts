import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file';

describe('loadEnvFile', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'calendar-env-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('sets the variables of .env that the environment does not have; the environment wins', () => {
    writeFileSync(
      join(directory, '.env'),
      ['# a comment', 'PORT=4000', 'SITE_URL="https://example.org/kalender"', "DB_PASSWORD='with # hash'", 'LOG_LEVEL=debug', ''].join(
        '\n',
      ),
    );
    const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn', DB_NAME: '' };
    expect(loadEnvFile(directory, env).sort()).toEqual(['DB_PASSWORD', 'PORT', 'SITE_URL']);
    expect(env).toEqual({
      PORT: '4000',
      SITE_URL: 'https://example.org/kalender',
      DB_PASSWORD: 'with # hash',
      LOG_LEVEL: 'warn',
      DB_NAME: '',
    });
  });

  it('does nothing without a .env file', () => {
    const env = { PORT: '1' };
    expect(loadEnvFile(directory, env)).toEqual([]);
    expect(env).toEqual({ PORT: '1' });
  });
});
