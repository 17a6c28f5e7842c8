// TypeScript source as the tokens a similarity check compares: every identifier becomes one symbol, literals become
// their kind, keywords and punctuation stay, comments and whitespace go, and the punctuation that formatting alone
// adds or drops (semicolons, a trailing comma before a closing bracket) is left out. Each token keeps its line.
// A small scanner of its own rather than the typescript package's: typescript is a devDependency (23 MB an install
// would add), and a similarity check needs only the token boundaries, not a parse.

/** One normalised token and the 1-based line it starts on. */
export type CodeToken = { text: string; line: number };

/** Words that are never a name the student chose (reserved words, TypeScript's type words); the contextual ones a
 * program may also use as a name (as, from, get, of, set, type, …) count as identifiers, so renaming one changes nothing. */
const KEYWORDS = new Set(`abstract any async await bigint boolean break case catch class const continue debugger declare
default delete do else enum export extends false finally for function if implements import in instanceof interface
keyof let namespace never new null number private protected public readonly return satisfies static string super
switch this throw true try typeof undefined unknown var void while with yield`.split(/\s+/));

/** Punctuators of more than one character; the scanner tries the longest first, so that it takes `>>>=` before `>>`. */
const PUNCTUATORS = new Set(['>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=',
  '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>']);

const IDENTIFIER_START = /[\p{L}_$]/u;
const IDENTIFIER_PART = /[\p{L}\p{N}_$\u200c\u200d]/u;
/** The rest of a name, and of a number, matched from a position (sticky): one match per token, not one per character. */
const IDENTIFIER_REST = /[\p{L}\p{N}_$\u200c\u200d]*/uy;
const NUMBER_REST = /[\w.]*/y;
const CLOSERS = new Set([')', ']', '}']);
/** After these a `/` divides; after anything else it starts a regular expression. */
const ENDS_VALUE = new Set(['I', 'N', 'S', 'T', 'R', ')', ']', '}', 'this', 'super', 'true', 'false', 'null', 'undefined']);

// Whether a character code is an ASCII letter, digit, _ or $ (the common case, tested without a regular expression).
function isAsciiWord(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

// The end of a sticky pattern's match from `at`.
function matchEnd(pattern: RegExp, source: string, at: number): number {
  pattern.lastIndex = at;
  pattern.test(source);
  return pattern.lastIndex;
}

// The punctuator at `at`: the longest multi-character one there, else the character itself.
function punctuatorAt(source: string, at: number): string {
  for (const length of [4, 3, 2]) {
    const text = source.slice(at, at + length);
    if (PUNCTUATORS.has(text)) return text;
  }
  return source[at] ?? '';
}

// The number of the line a position is on, counted by the newlines before it (scanning forward only).
function lineCounter(source: string): (at: number) => number {
  let line = 1;
  let seen = 0;
  return (at) => {
    for (; seen < at; seen++) if (source.charCodeAt(seen) === 10) line++;
    return line;
  };
}

// The end of a quoted string starting at `start` (the position after its closing quote, or the end of the line).
function stringEnd(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

// The end of a template's text part starting at `start` (after a backtick or a `}` that closes a `${`): the position
// after the closing backtick (`closed`) or after the `${` that opens a substitution.
function templateEnd(source: string, start: number): { end: number; closed: boolean } {
  let i = start;
  while (i < source.length) {
    if (source[i] === '\\') i += 2;
    else if (source[i] === '`') return { end: i + 1, closed: true };
    else if (source[i] === '$' && source[i + 1] === '{') return { end: i + 2, closed: false };
    else i++;
  }
  return { end: i, closed: true };
}

// The end of a regular expression literal starting at `start`, flags included.
function regexEnd(source: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < source.length && source[i] !== '\n') {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) break;
    i++;
  }
  i++;
  while (i < source.length && IDENTIFIER_PART.test(source[i] ?? '')) i++;
  return i;
}

// The tokens of one TypeScript source, normalised (see the top of this file).
export function codeTokens(source: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  const lineAt = lineCounter(source);
  /** Open `{` and `${`: a `}` closing a `${` resumes the template around it. */
  const braces: ('{' | '${')[] = [];
  const push = (text: string, at: number) => tokens.push({ text, line: lineAt(at) });
  const previous = () => tokens[tokens.length - 1]?.text ?? '';
  let i = 0;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 32 || code === 10 || code === 9 || code === 13) {
      i++;
      continue;
    }
    const ch = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (code > 127 && /\s/.test(ch)) i++;
    else if (ch === '/' && next === '/') i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
    else if (ch === '/' && next === '*') i = source.indexOf('*/', i + 2) < 0 ? source.length : source.indexOf('*/', i + 2) + 2;
    else if (ch === '"' || ch === "'") {
      push('S', i);
      i = stringEnd(source, i);
    } else if (ch === '`' || (ch === '}' && braces[braces.length - 1] === '${')) {
      if (ch === '}') braces.pop();
      push('T', i);
      const part = templateEnd(source, i + 1);
      if (!part.closed) braces.push('${');
      i = part.end;
    } else if ((code >= 48 && code <= 57) || (ch === '.' && next >= '0' && next <= '9')) {
      push('N', i);
      i = matchEnd(NUMBER_REST, source, i + 1);
    } else if ((isAsciiWord(code) && !(code >= 48 && code <= 57)) || ch === '#' || ch === '\\' || (code > 127 && IDENTIFIER_START.test(ch))) {
      const start = i;
      i = matchEnd(IDENTIFIER_REST, source, i + 1);
      const word = source.slice(start, i);
      push(KEYWORDS.has(word) && previous() !== '.' && previous() !== '?.' ? word : 'I', start);
    } else if (ch === '/' && !ENDS_VALUE.has(previous())) {
      push('R', i);
      i = regexEnd(source, i);
    } else {
      const punctuator = punctuatorAt(source, i);
      if (punctuator === '{') braces.push('{');
      if (punctuator === '}') braces.pop();
      if (punctuator === ';') {
        i++;
        continue;
      }
      if (CLOSERS.has(punctuator) && previous() === ',') tokens.pop();
      push(punctuator, i);
      i += punctuator.length;
    }
  }
  return tokens;
}
