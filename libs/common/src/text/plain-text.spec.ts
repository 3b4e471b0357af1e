import { ADVERSARIAL_MARKUP, describeRules, describeSettles } from '../testing/table-tests';
import { toPlainText } from './plain-text';

describeRules('toPlainText', toPlainText, {
  'removes tags and trims': [
    ['', ''],
    ['  Jazz  ', 'Jazz'],
    ['<b>Jazz</b> & Blues', 'Jazz & Blues'],
    ['Line<br>break', 'Linebreak'],
    ['<p>One</p><p>Two</p>', 'OneTwo'],
  ],
  'drops scripts and comments with their content': [
    ['<script>x()</script>Hi', 'Hi'],
    ['<!-- c -->t', 't'],
  ],
  'keeps characters as typed and decodes entities': [
    ['a < b > c', 'a < b > c'],
    [`"quoted" it's`, `"quoted" it's`],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['&lt;b&gt; &quot;q&quot; &#39;s&#39;', `<b> "q" 's'`],
    ['&copy; 2026', '© 2026'],
  ],
  'drops an unfinished tag at the end': [
    ['x<y', 'x'],
    ['a<b', 'a'],
  ],
});

describeSettles('toPlainText on adversarial input', toPlainText, [
  ...ADVERSARIAL_MARKUP,
  ['entities', '&amp;&lt;&gt;&quot;&#39;'.repeat(8_000)],
]);
