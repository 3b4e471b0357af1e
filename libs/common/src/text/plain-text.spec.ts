import { toPlainText } from './plain-text';

describe('toPlainText', () => {
  it('removes tags and trims', () => {
    expect(toPlainText('')).toBe('');
    expect(toPlainText('  Jazz  ')).toBe('Jazz');
    expect(toPlainText('<b>Jazz</b> & Blues')).toBe('Jazz & Blues');
    expect(toPlainText('Line<br>break')).toBe('Linebreak');
    expect(toPlainText('<p>One</p><p>Two</p>')).toBe('OneTwo');
  });

  it('drops scripts and comments with their content', () => {
    expect(toPlainText('<script>x()</script>Hi')).toBe('Hi');
    expect(toPlainText('<!-- c -->t')).toBe('t');
  });

  it('keeps characters as typed and decodes entities', () => {
    expect(toPlainText('a < b > c')).toBe('a < b > c');
    expect(toPlainText(`"quoted" it's`)).toBe(`"quoted" it's`);
    expect(toPlainText('Tom &amp; Jerry')).toBe('Tom & Jerry');
    expect(toPlainText('&lt;b&gt; &quot;q&quot; &#39;s&#39;')).toBe(`<b> "q" 's'`);
    expect(toPlainText('&copy; 2026')).toBe('© 2026');
  });

  it('drops an unfinished tag at the end', () => {
    expect(toPlainText('x<y')).toBe('x');
    expect(toPlainText('a<b')).toBe('a');
  });
});

/** Runs `work`, then yields to the timer queue so Jest's per-test timeout can fail a call that blocked too long (see html.spec.ts). */
async function settles(work: () => unknown): Promise<void> {
  work();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('toPlainText on adversarial input (issue 12)', () => {
  it.each([
    ['"<a" repeated', '<a'.repeat(100_000)],
    ['"<a " repeated', '<a '.repeat(70_000)],
    ['"<" repeated', '<'.repeat(200_000)],
    ['"<!--" repeated', '<!--'.repeat(50_000)],
    ['an unclosed comment', `<!--${'x'.repeat(200_000)}`],
    ['entities', '&amp;&lt;&gt;&quot;&#39;'.repeat(8_000)],
  ])(
    '%s (200 KB) settles within the test timeout',
    async (_name, input) => {
      await settles(() => toPlainText(input));
    },
    5000,
  );
});
