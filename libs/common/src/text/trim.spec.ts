import { itReturns } from '../../test/table-tests';
import { trimChar } from './trim';

describe('trimChar', () => {
  itReturns('%j without slashes at %s → %j', (text: string, ends: 'both' | 'end') => trimChar(text, '/', ends), [
    ['//a/b//', 'both', 'a/b'],
    ['//a/b//', 'end', '//a/b'],
    ['////', 'both', ''],
  ]);

  itReturns('%j without dashes at %s → %j', (text: string, ends: 'both' | 'end') => trimChar(text, '-', ends), [
    ['abc', 'both', 'abc'],
    ['', 'end', ''],
    ['a--', 'end', 'a'],
  ]);

  it('takes linear time on a long run followed by another character', async () => {
    const attack = `a${'/'.repeat(200_000)}x`;
    expect(trimChar(attack, '/')).toBe(attack);
    // One timer tick, so the 5-second timeout can fire if the call above blocked.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }, 5000);
});
