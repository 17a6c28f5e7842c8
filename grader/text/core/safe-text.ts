// Text that came from a student program, made safe to print on a terminal or in a CI log: control characters
// (escape sequences that move the cursor, set the title or write the clipboard) are shown escaped, and lines a CI
// runner would read as a workflow command (`::notice …`, `##[error]`) are neutralised. Newlines and tabs stay.

/** C0 controls but tab and newline, DEL, C1 controls (0x9B starts a sequence on some terminals), and bidi overrides. */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\r': '\\r', '\u000B': '\\v' };

function escapeChar(ch: string): string {
  return NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

// The text with control characters escaped (\u001b, \r, …) and CI workflow commands broken (`::` at a line start, `##[` anywhere).
export function safeText(text: string): string {
  return text
    .replace(UNSAFE, escapeChar)
    .replace(/^([ \t]*):(?=:)/gm, '$1\\u003a')
    .replace(/##\[/g, '#\\u0023[');
}

/** What JSON.stringify leaves raw that a terminal or a CI log would act on: DEL, C1 controls and bidi overrides. */
const JSON_UNSAFE = /[\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

// A value as JSON text that is safe to print: the same document (every character a student wrote is kept, as a
// \u escape where a terminal would act on it, and `##[` as `##\u005b`), so a reader of the file gets the exact values.
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(JSON_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, '##\\u005b');
}
