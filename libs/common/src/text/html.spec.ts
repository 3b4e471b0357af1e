import { cleanHtml, looksLikeHtml, MAX_HTML_INPUT_LENGTH } from './html';

describe('cleanHtml', () => {
  it('returns "" for empty or blank input', () => {
    expect(cleanHtml('')).toBe('');
    expect(cleanHtml('   \n ')).toBe('');
  });

  it('wraps plain text in paragraphs, one per blank-line-separated block, line breaks as <br />', () => {
    expect(cleanHtml('  Hello  ')).toBe('<p>Hello</p>');
    expect(cleanHtml('a\nb')).toBe('<p>a<br />b</p>');
    expect(cleanHtml('para1\n\npara2')).toBe('<p>para1</p>\n<p>para2</p>');
    expect(cleanHtml('one\n \t\n\n  two\nthree\n\n\n\nfour')).toBe('<p>one</p>\n<p>two<br />three</p>\n<p>four</p>');
    expect(cleanHtml('a\r\n\r\nb')).toBe('<p>a</p>\n<p>b</p>');
  });

  it('escapes plain text that only resembles markup', () => {
    expect(cleanHtml('a < b and c > d')).toBe('<p>a &lt; b and c &gt; d</p>');
    expect(cleanHtml('Tom & Jerry')).toBe('<p>Tom &amp; Jerry</p>');
    expect(cleanHtml('Fish &amp; Chips <3')).toBe('<p>Fish &amp; Chips &lt;3</p>');
    expect(cleanHtml('<1>')).toBe('<p>&lt;1&gt;</p>');
    expect(cleanHtml('<ä>')).toBe('<p>&lt;ä&gt;</p>');
    expect(cleanHtml('A>B <c')).toBe('<p>A&gt;B </p>');
  });

  it('treats text as HTML once a tag start is followed anywhere later by ">"', () => {
    expect(cleanHtml('<b>bold</b>')).toBe('<b>bold</b>');
    expect(cleanHtml('Intro <em>x</em>\n\nmore')).toBe('Intro <em>x</em>\n\nmore');
    expect(cleanHtml('</p>text')).toBe('<p></p>text');
    expect(cleanHtml('<a\nfoo>')).toBe('<a></a>');
    expect(cleanHtml("<A HREF='https://e.com'>x</A>")).toBe('<a href="https://e.com">x</a>');
    expect(cleanHtml('x<y and z>w')).toBe('xw');
  });

  it('wraps a tag start with no ">" after it as plain text (the parser then drops the unfinished tag)', () => {
    expect(cleanHtml('<a')).toBe('<p></p>');
    expect(cleanHtml('x <a')).toBe('<p>x </p>');
  });

  it('removes scripts, styles, frames, comments, event handlers and unsafe URLs', () => {
    expect(cleanHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(cleanHtml('<style>p{}</style>text')).toBe('text');
    expect(cleanHtml('<iframe src="https://x.test"></iframe>after')).toBe('after');
    expect(cleanHtml('<!-- c --><p>p</p>')).toBe('<p>p</p>');
    expect(cleanHtml('<!-- c -->')).toBe('<p></p>');
    expect(cleanHtml('<a href="javascript:alert(1)" onclick="x">l</a>')).toBe('<a>l</a>');
    expect(cleanHtml('<a href="//evil.test/">x</a>')).toBe('<a>x</a>');
    expect(cleanHtml('<img src="https://x.test/y.png" alt="y" onerror="z">')).toBe('<img src="https://x.test/y.png" alt="y" />');
  });

  it('keeps allowed tags and attributes', () => {
    expect(cleanHtml('<a href="https://example.com/" target="_blank" rel="noopener" style="color:red">l</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener">l</a>',
    );
    expect(cleanHtml('<a href="mailto:a@b.test">m</a>')).toBe('<a href="mailto:a@b.test">m</a>');
    expect(cleanHtml('<p class="lead" id="x">Hi</p>')).toBe('<p class="lead">Hi</p>');
    expect(cleanHtml('<del>a</del><ins>b</ins><figure><img src="https://x.test/a.png"><figcaption>c</figcaption></figure>')).toBe(
      '<del>a</del><ins>b</ins><figure><img src="https://x.test/a.png" /><figcaption>c</figcaption></figure>',
    );
    expect(cleanHtml('<table><tr><td>1</td></tr></table>')).toBe('<table><tr><td>1</td></tr></table>');
  });
});

/**
 * Runs `work`, then yields to the timer queue. A synchronous call cannot be interrupted, and a
 * test that returns straight after it passes however long it blocked; once the test waits for a
 * timer, Jest's per-test timeout — already due if `work` blocked for longer — fails it first.
 */
async function settles(work: () => unknown): Promise<void> {
  work();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Per-test timeout for adversarial input: generous for linear work, far below what the quadratic regexp took. */
const GUARD_MS = 5000;

describe('looksLikeHtml', () => {
  /** The regexp it replaces (issue 12): right answers, quadratic time. Only ever run on short strings here. */
  const QUADRATIC_LOOKS_LIKE_HTML = /<\/?[a-z][\s\S]*>/i;

  /** Every string of up to `maxLength` characters drawn from `alphabet`. */
  function* allStrings(alphabet: string[], maxLength: number): Generator<string> {
    let layer = [''];
    yield '';
    for (let length = 1; length <= maxLength; length++) {
      layer = layer.flatMap((prefix) => alphabet.map((ch) => prefix + ch));
      yield* layer;
    }
  }

  it('gives the same answer as the quadratic regexp it replaces, for every short string over the characters that matter', () => {
    let differing = 0;
    let html = 0;
    for (const text of allStrings(['<', '/', 'a', 'Z', '>', '1', '\n'], 6)) {
      const expected = QUADRATIC_LOOKS_LIKE_HTML.test(text);
      if (looksLikeHtml(text) !== expected) differing++;
      if (expected) html++;
    }
    expect(differing).toBe(0);
    expect(html).toBeGreaterThan(1000);
  });

  it('looks past an early tag start without ">" to a later one with it', () => {
    expect(looksLikeHtml('<a and then <b>')).toBe(true);
    expect(looksLikeHtml('</ <a>')).toBe(true);
    expect(looksLikeHtml('> <a')).toBe(false);
    expect(looksLikeHtml('<a')).toBe(false);
  });
});

describe('MAX_HTML_INPUT_LENGTH', () => {
  it('is the size of a MySQL TEXT column', () => {
    expect(MAX_HTML_INPUT_LENGTH).toBe(65535);
  });
});

describe('cleanHtml on adversarial input (issue 12: was quadratic, 11 s for 200 KB of "<a")', () => {
  it.each([
    ['"<a" repeated', '<a'.repeat(100_000)],
    ['"</a" repeated', '</a'.repeat(70_000)],
    ['"<a " repeated', '<a '.repeat(70_000)],
    ['"<a a=" repeated', '<a a='.repeat(40_000)],
    ['"<" repeated', '<'.repeat(200_000)],
    ['"<!--" repeated', '<!--'.repeat(50_000)],
    ['an unclosed comment', `<!--${'x'.repeat(200_000)}`],
    ['"<p>" repeated', '<p>'.repeat(66_000)],
    ['comments in an href', `<a href="${'<!--'.repeat(50_000)}">x</a>`],
    ['newlines and blanks', `${'\n \t'.repeat(70_000)}x\n${' '.repeat(100_000)}\ny`],
  ])(
    '%s (200 KB) settles within the test timeout',
    async (_name, input) => {
      await settles(() => cleanHtml(input));
    },
    GUARD_MS,
  );
});
