// How many terminal columns text takes, and one character written so that it shows: what lines a caret up under
// a character in a string that holds tabs, newlines, accents, CJK or emoji. Widths come from string-width (Unicode's
// East Asian Width and emoji tables), never from string length.
import stringWidth from 'string-width';

/** Bidi controls, escaped as safe-text escapes them, so that what is measured is what is printed. */
const BIDI = /^[\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;
/**
 * Characters that take one column each and never join a neighbour into one cluster: printable ASCII and the symbols the
 * reporters draw with, and the two private-use characters wrap-text.ts holds places with (the display-width test
 * checks each against string-width). A text made only of them, once its colour codes are gone, is as wide as it is
 * long: counted without string-width, which spends a fraction of a millisecond on every text holding anything but
 * ASCII (its emoji test; about 8 ms on its first), and the reporters measure every line.
 */
export const NARROW_SYMBOLS = '…·✗✓—–─│┼┴┬┤├┘└┐┌›→←↑↓×▸•\uE000\uE001';
const ALL_NARROW = new RegExp(`^[\\u0020-\\u007e${NARROW_SYMBOLS}]*$`);
/** The colour codes (SGR sequences) picocolors writes. */
const SGR = /\u001b\[[0-9;]*m/g;
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
  return ALL_NARROW.test(ch) ? ch.length : stringWidth(ch);
}

// The columns a text (without newlines) takes on a terminal; ANSI colour codes take none.
export function displayWidth(text: string): number {
  const plain = text.includes('\u001b') ? text.replace(SGR, '') : text;
  return ALL_NARROW.test(plain) ? plain.length : stringWidth(text);
}
