// How many terminal columns text takes, and one character written so that it shows: what lines a caret up under
// a character in a string that holds tabs, newlines, accents, CJK or emoji.

/** Code point ranges a terminal draws two columns wide (East Asian wide and fullwidth, emoji). */
const WIDE: [number, number][] = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f], [0x1f680, 0x1f6ff], [0x1f900, 0x1f9ff], [0x20000, 0x3fffd],
];
/** Combining marks, zero-width characters and variation selectors: no column of their own. */
const ZERO_WIDTH = /^[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f\u200b-\u200d\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f]$/;
/** Bidi controls, escaped as safe-text escapes them, so that what is measured is what is printed. */
const BIDI = /^[\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

// One character as a JSON string would show it: newline, tab and other controls escaped, the rest as is.
export function visibleChar(ch: string): string {
  const named = ESCAPES[ch];
  if (named) return named;
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || BIDI.test(ch) ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
}

// The columns one character (a code point) takes on a terminal: 0, 1 or 2.
export function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (ZERO_WIDTH.test(ch)) return 0;
  return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
}

// The columns a text (without newlines) takes on a terminal.
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}
