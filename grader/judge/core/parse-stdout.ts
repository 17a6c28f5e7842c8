// Reading the one JSON document a program must print, and naming what is wrong when it did not.

export type ParsedStdout = { ok: true; value: unknown } | { ok: false; problem: string; excerpt: string };

const EXCERPT_CHARS = 400;
/** How many line starts are tried as the start of the document after leading text: bounds the work on a flood of debug lines. */
const MAX_CANDIDATES = 50;

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

function opensDocument(text: string, at: number): boolean {
  return text[at] === '{' || text[at] === '[';
}

// The index just past the object or array that opens at `start`, by matching brackets outside strings (linear); -1 when it never closes.
function documentEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && --depth === 0) return i + 1;
  }
  return -1;
}

// Where each line starts whose first visible character opens an object or array, last line first.
function documentStartsFromTheEnd(text: string): number[] {
  const starts: number[] = [];
  for (let lineEnd = text.length; lineEnd > 0 && starts.length < MAX_CANDIDATES;) {
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    const first = text.slice(lineStart, lineEnd).search(/\S/);
    if (lineStart > 0 && first >= 0 && opensDocument(text, lineStart + first)) starts.push(lineStart + first);
    lineEnd = lineStart - 1;
  }
  return starts;
}

// The document after leading text: the latest line start from which one document runs to the end of stdout.
function documentAfterText(stdout: string): number | undefined {
  return documentStartsFromTheEnd(stdout).find((start) => {
    const end = documentEnd(stdout, start);
    return end > 0 && stdout.slice(end).trim() === '' && tryParse(stdout.slice(start, end)).ok;
  });
}

function notJson(stdout: string): ParsedStdout {
  // Printing an object without JSON.stringify gives util.inspect's notation: unquoted keys, single quotes, [Object].
  const looksInspected = /^\s*[{[]\s*([A-Za-z_$][\w$]*\s*:|')|\[Object\]|\[Array\]/.test(stdout);
  const problem = looksInspected
    ? 'stdout is not JSON: it looks like an object printed as is (console.log); print JSON.stringify(value) instead'
    : 'stdout is not JSON: print the result with JSON.stringify';
  return { ok: false, problem, excerpt: excerptOf(stdout) };
}

// The JSON document on stdout, or the reason stdout is not exactly one JSON document. Linear in the output's size.
export function parseStdout(stdout: string): ParsedStdout {
  if (stdout.trim() === '') {
    return { ok: false, problem: 'stdout is empty: the program must print one JSON document', excerpt: '' };
  }
  const whole = tryParse(stdout);
  if (whole.ok) return whole;
  const first = stdout.search(/\S/);
  if (opensDocument(stdout, first)) {
    const end = documentEnd(stdout, first);
    if (end > 0 && tryParse(stdout.slice(first, end)).ok) {
      return {
        ok: false,
        problem: 'stdout is not one JSON document: found more output after the first document (print once, at the end; debug output belongs on stderr)',
        excerpt: excerptOf(stdout.slice(end).replace(/^[ \t]*\r?\n/, '')),
      };
    }
    return notJson(stdout);
  }
  const start = documentAfterText(stdout);
  if (start !== undefined) {
    const lineStart = stdout.lastIndexOf('\n', start) + 1;
    return {
      ok: false,
      problem: 'stdout is not one JSON document: found text before it (debug output belongs on stderr: console.error)',
      excerpt: excerptOf(stdout.slice(0, Math.max(0, lineStart - 1))),
    };
  }
  return notJson(stdout);
}
