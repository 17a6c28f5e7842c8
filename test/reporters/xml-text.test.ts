import { describe, expect, it } from 'vitest';
import { xmlText } from '../../grader/text/core/xml-text.ts';

describe('xmlText', () => {
  it.each([
    ['keeps newlines, tabs and astral characters', 'a\n\tb 😀', 'a\n\tb 😀'],
    ['escapes the markup characters', '<a href="x">&</a>', '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'],
    ['shows C0 controls visibly', 'x\u0001y\u001bz', 'x\\u0001y\\u001bz'],
    ['shows U+FFFE and U+FFFF visibly', '\uFFFE\uFFFF', '\\ufffe\\uffff'],
    ['shows a lone high surrogate', 'a\uD83Db', 'a\\ud83db'],
    ['shows a lone low surrogate', 'a\uDE00b', 'a\\ude00b'],
    ['shows a high surrogate at the end', 'a\uD800', 'a\\ud800'],
  ])('%s', (_, text, xml) => {
    expect(xmlText(text)).toBe(xml);
  });
});
