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

/** Punctuators, longest first so that the scanner takes `>>>=` before `>>`. */
const PUNCTUATORS = ['>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=',
  '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>'];

const IDENTIFIER_START = /[\p{L}_$]/u;
const IDENTIFIER_PART = /[\p{L}\p{N}_$\u200c\u200d]/u;
const CLOSERS = new Set([')', ']', '}']);
/** After these a `/` divides; after anything else it starts a regular expression. */
const ENDS_VALUE = new Set(['I', 'N', 'S', 'T', 'R', ')', ']', '}', 'this', 'super', 'true', 'false', 'null', 'undefined']);

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
    const ch = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (/\s/.test(ch)) i++;
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
    } else if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(next))) {
      push('N', i);
      i++;
      while (i < source.length && /[\w.]/.test(source[i] ?? '')) i++;
    } else if (IDENTIFIER_START.test(ch) || ch === '#' || ch === '\\') {
      const start = i;
      i++;
      while (i < source.length && IDENTIFIER_PART.test(source[i] ?? '')) i++;
      const word = source.slice(start, i);
      push(KEYWORDS.has(word) && previous() !== '.' && previous() !== '?.' ? word : 'I', start);
    } else if (ch === '/' && !ENDS_VALUE.has(previous())) {
      push('R', i);
      i = regexEnd(source, i);
    } else {
      const punctuator = PUNCTUATORS.find((p) => source.startsWith(p, i)) ?? ch;
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
