import { TERM_NAME_KEY_LENGTH, termNameKey } from './term-name-key';

describe('termNameKey', () => {
  it('folds case the way the name check always did, letters beyond ASCII too', () => {
    expect(termNameKey('Jazz Night')).toBe('jazz night');
    expect(termNameKey('ÄRGER über Öl')).toBe('ärger über öl');
  });

  it('keeps accents (MySQL’s collation equates them when it compares keys; SQLite does not)', () => {
    expect(termNameKey('Café')).not.toBe(termNameKey('Cafe'));
  });

  it('fits its column', () => {
    expect(termNameKey('x'.repeat(400))).toHaveLength(TERM_NAME_KEY_LENGTH);
  });
});
