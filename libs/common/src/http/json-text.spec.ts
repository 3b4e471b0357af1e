import { toJsonText } from './json-text';

describe('toJsonText', () => {
  it('writes <, > and & as \\u escapes and parses back to the same value', () => {
    const value = { name: '</script><b>Tom & Jerry</b>', list: ['<!--', 1, null] };
    const text = toJsonText(value);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });
});
