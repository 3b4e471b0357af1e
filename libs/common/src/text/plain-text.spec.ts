import { ADVERSARIAL_MARKUP, describeRules, describeSettles } from '../../test/table-tests';
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
    ['&quot;q&quot; &#39;s&#39;', `"q" 's'`],
    ['&copy; 2026', '© 2026'],
    ['I <3 jazz', 'I <3 jazz'],
  ],
  'removes tags however they were encoded': [
    ['&lt;b&gt;Bold&lt;/b&gt;', 'Bold'],
    ['&lt;img src=x onerror=alert(1)&gt;Hi', 'Hi'],
    ['&amp;lt;img src=x onerror=alert(1)&amp;gt;Hi', 'Hi'],
    ['&#60;script&#62;x()&#60;/script&#62;Hi', 'Hi'],
    ['&#x3C;i&#x3E;It&#x3C;/i&#x3E;', 'It'],
    ['<b>&lt;i&gt;Both&lt;/i&gt;</b>', 'Both'],
  ],
  'turns control characters into spaces': [
    ['Line\r\nbreak', 'Line  break'],
    ['Tab\there', 'Tab here'],
    ['Nul\u0000and\u007fdel\u0085next\u2028sep', 'Nul and del next sep'],
    ['&#13;&#10;BEGIN:VEVENT', 'BEGIN:VEVENT'],
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
