import { ADVERSARIAL_MARKUP, describeRules, describeSettles } from '../../test/table-tests';
import { cleanHtml, looksLikeHtml, MAX_HTML_INPUT_LENGTH } from './html';

describeRules('cleanHtml', cleanHtml, {
  'returns "" for empty or blank input': [
    ['', ''],
    ['   \n ', ''],
  ],
  'wraps plain text in paragraphs, one per blank-line-separated block, line breaks as <br />': [
    ['  Hello  ', '<p>Hello</p>'],
    ['a\nb', '<p>a<br />b</p>'],
    ['para1\n\npara2', '<p>para1</p>\n<p>para2</p>'],
    ['one\n \t\n\n  two\nthree\n\n\n\nfour', '<p>one</p>\n<p>two<br />three</p>\n<p>four</p>'],
    ['a\r\n\r\nb', '<p>a</p>\n<p>b</p>'],
  ],
  'escapes plain text that only resembles markup': [
    ['a < b and c > d', '<p>a &lt; b and c &gt; d</p>'],
    ['Tom & Jerry', '<p>Tom &amp; Jerry</p>'],
    ['Fish &amp; Chips <3', '<p>Fish &amp; Chips &lt;3</p>'],
    ['<1>', '<p>&lt;1&gt;</p>'],
    ['<ä>', '<p>&lt;ä&gt;</p>'],
    ['A>B <c', '<p>A&gt;B </p>'],
  ],
  'treats text as HTML once a tag start is followed anywhere later by ">"': [
    ['<b>bold</b>', '<b>bold</b>'],
    ['Intro <em>x</em>\n\nmore', 'Intro <em>x</em>\n\nmore'],
    ['</p>text', '<p></p>text'],
    ['<a\nfoo>', '<a></a>'],
    ["<A HREF='https://e.com'>x</A>", '<a href="https://e.com">x</a>'],
    ['x<y and z>w', 'xw'],
  ],
  'wraps a tag start with no ">" after it as plain text (the parser then drops the unfinished tag)': [
    ['<a', '<p></p>'],
    ['x <a', '<p>x </p>'],
  ],
  'removes scripts, styles, frames, comments, event handlers and unsafe URLs': [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<style>p{}</style>text', 'text'],
    ['<iframe src="https://x.test"></iframe>after', 'after'],
    ['<!-- c --><p>p</p>', '<p>p</p>'],
    ['<!-- c -->', '<p></p>'],
    ['<a href="javascript:alert(1)" onclick="x">l</a>', '<a>l</a>'],
    ['<a href="//evil.test/">x</a>', '<a>x</a>'],
    ['<img src="https://x.test/y.png" alt="y" onerror="z">', '<img src="https://x.test/y.png" alt="y" />'],
  ],
  'keeps allowed tags and attributes': [
    [
      '<a href="https://example.com/" target="_blank" rel="noopener" style="color:red">l</a>',
      '<a href="https://example.com/" target="_blank" rel="noopener">l</a>',
    ],
    ['<a href="mailto:a@b.test">m</a>', '<a href="mailto:a@b.test">m</a>'],
    ['<p class="lead" id="x">Hi</p>', '<p class="lead">Hi</p>'],
    [
      '<del>a</del><ins>b</ins><figure><img src="https://x.test/a.png"><figcaption>c</figcaption></figure>',
      '<del>a</del><ins>b</ins><figure><img src="https://x.test/a.png" /><figcaption>c</figcaption></figure>',
    ],
    ['<table><tr><td>1</td></tr></table>', '<table><tr><td>1</td></tr></table>'],
  ],
});

describe('looksLikeHtml', () => {
  /** The regexp it replaces: right answers, quadratic time. Only ever run on short strings here. */
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

describeSettles('cleanHtml on adversarial input (was quadratic, 11 s for 200 KB of "<a")', cleanHtml, [
  ...ADVERSARIAL_MARKUP,
  ['"</a" repeated', '</a'.repeat(70_000)],
  ['"<a a=" repeated', '<a a='.repeat(40_000)],
  ['"<p>" repeated', '<p>'.repeat(66_000)],
  ['comments in an href', `<a href="${'<!--'.repeat(50_000)}">x</a>`],
  ['newlines and blanks', `${'\n \t'.repeat(70_000)}x\n${' '.repeat(100_000)}\ny`],
]);
