// Reading the one JSON document a program must print, and naming what is wrong when it did not.

export type ParsedStdout = { ok: true; value: unknown } | { ok: false; problem: string; excerpt: string };

const EXCERPT_CHARS = 400;

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// A short, visible excerpt of program output (control characters kept readable by JSON escaping in reporters).
export function excerptOf(text: string, maxChars = EXCERPT_CHARS): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)`;
}

// The JSON document on stdout, or the reason stdout is not exactly one JSON document.
export function parseStdout(stdout: string): ParsedStdout {
  if (stdout.trim() === '') {
    return { ok: false, problem: 'stdout is empty: the program must print one JSON document', excerpt: '' };
  }
  const whole = tryParse(stdout);
  if (whole.ok) return whole;
  const lines = stdout.split('\n');
  for (let end = 1; end < lines.length; end++) {
    const head = tryParse(lines.slice(0, end).join('\n'));
    if (head.ok && head.value !== null && typeof head.value === 'object') {
      return {
        ok: false,
        problem: 'stdout is not one JSON document: found more output after the first document (print once, at the end)',
        excerpt: excerptOf(lines.slice(end).join('\n')),
      };
    }
  }
  for (let start = 1; start < lines.length; start++) {
    const rest = lines.slice(start).join('\n');
    if (rest.trim() !== '' && tryParse(rest).ok) {
      return {
        ok: false,
        problem: 'stdout is not one JSON document: found text before it (debug output belongs on stderr: console.error)',
        excerpt: excerptOf(lines.slice(0, start).join('\n')),
      };
    }
  }
  return { ok: false, problem: 'stdout is not JSON: print the result with JSON.stringify', excerpt: excerptOf(stdout) };
}
