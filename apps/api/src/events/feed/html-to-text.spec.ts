import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it.each([
    ['<p>One</p><p>Two &amp; three</p>', 'One\n\nTwo & three'],
    ['<p>Line<br />break</p>', 'Line\nbreak'],
    ['<ul><li>a</li><li>b</li></ul>', 'a\n\nb'],
    ['Plain', 'Plain'],
    ['<p>&lt;tag&gt; &quot;q&quot; &#39;s&#39; &#x1F3B7; &nbsp;x</p>', '<tag> "q" \'s\' 🎷  x'],
    ['<p><a href="https://x.example">Link</a> &unknown;</p>', 'Link &unknown;'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it('handles a run of unclosed angle brackets in linear time', async () => {
    expect(htmlToText('<a'.repeat(100_000))).toBe('<a'.repeat(100_000));
    // One timer tick, so the 5-second timeout can fire if the call above blocked.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }, 5000);
});
