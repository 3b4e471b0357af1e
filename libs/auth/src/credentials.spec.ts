import { parseAuthorizationHeader } from './credentials';

const basic = (userAndToken: string) => `Basic ${Buffer.from(userAndToken, 'utf8').toString('base64')}`;

describe('parseAuthorizationHeader', () => {
  it.each([[undefined], [''], ['   ']])('reads %p as no credentials', (header) => {
    expect(parseAuthorizationHeader(header)).toEqual({ kind: 'none' });
  });

  it.each([
    ['Bearer cal_abc123', 'cal_abc123'],
    ['bearer cal_abc123', 'cal_abc123'],
    ['BEARER   cal_abc123  ', 'cal_abc123'],
  ])('reads the Bearer token from %p', (header, token) => {
    expect(parseAuthorizationHeader(header)).toEqual({ kind: 'bearer', token });
  });

  it('reads HTTP Basic <username>:<token>', () => {
    expect(parseAuthorizationHeader(basic('editor:cal_abc123'))).toEqual({ kind: 'basic', username: 'editor', token: 'cal_abc123' });
    expect(parseAuthorizationHeader(basic('editor:cal_abc123').replace('Basic', 'basic'))).toMatchObject({ kind: 'basic' });
  });

  it('drops the spaces application-password clients put between groups of the secret', () => {
    expect(parseAuthorizationHeader(basic('editor:abcd efgh ijkl'))).toEqual({ kind: 'basic', username: 'editor', token: 'abcdefghijkl' });
  });

  it('keeps colons after the first as part of the token, and non-ASCII user names intact', () => {
    expect(parseAuthorizationHeader(basic('jürgen:a:b'))).toEqual({ kind: 'basic', username: 'jürgen', token: 'a:b' });
  });

  it.each([
    ['a scheme without a value', 'Bearer'],
    ['a Basic scheme without a value', 'Basic'],
    ['Basic without a colon', basic('editor')],
    ['Basic without a user name', basic(':cal_abc123')],
    ['an unknown scheme', 'Token cal_abc123'],
    ['a bare token', 'cal_abc123'],
    ['Digest', 'Digest username="editor"'],
  ])('treats %s as malformed, never as anonymous', (_label, header) => {
    expect(parseAuthorizationHeader(header)).toEqual({ kind: 'malformed' });
  });
});
