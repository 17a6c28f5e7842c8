import { describe, expect, it } from 'vitest';
import { safeJson, safeText } from '../../grader/text/core/safe-text.ts';

describe('safeText', () => {
  it.each([
    ['keeps newlines and tabs', 'a\n\tb', 'a\n\tb'],
    ['escapes a window title (OSC 0)', '\u001b]0;passed\u0007', '\\u001b]0;passed\\u0007'],
    ['escapes a clipboard write (OSC 52)', '\u001b]52;c;cm0=\u0007', '\\u001b]52;c;cm0=\\u0007'],
    ['escapes cursor movement and a carriage return', '\u001b[2A\r✓ forged', '\\u001b[2A\\r✓ forged'],
    ['escapes C1 controls and bidi overrides', '\u009b31m \u202eevil', '\\u009b31m \\u202eevil'],
    ['breaks a workflow command at a line start', 'ok\n::notice::194 passed\n  ::error::x', 'ok\n\\u003a:notice::194 passed\n  \\u003a:error::x'],
    ['breaks a legacy workflow command anywhere', 'x ##[error]y', 'x #\\u0023[error]y'],
    ['leaves a colon pair inside a line alone', 'a::b', 'a::b'],
  ])('%s', (_, text, safe) => {
    expect(safeText(text)).toBe(safe);
  });

  it('is idempotent', () => {
    const once = safeText('\u001b[0m::x ##[y]');
    expect(safeText(once)).toBe(once);
  });
});

describe('safeJson', () => {
  it.each([
    ['a C1 CSI and DEL', { s: 'x\u009b31my\u007f' }, '{"s":"x\\u009b31my\\u007f"}'],
    ['a bidi override', ['\u202Eevil'], '["\\u202eevil"]'],
    ['a legacy workflow command', { s: '##[error]forged' }, '{"s":"##\\u005berror]forged"}'],
    ['C0 controls (JSON.stringify escapes them already)', '\u001b]0;t\u0007', '"\\u001b]0;t\\u0007"'],
  ])('escapes %s and reads back as the same value', (_, value, text) => {
    expect(safeJson(value)).toBe(text);
    expect(JSON.parse(safeJson(value))).toEqual(value);
  });
});
