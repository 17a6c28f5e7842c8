// Matchers let a case accept values that legitimately vary: {"$regex": "…"} and {"$any": "string"}.
// $regex runs on RE2 (linear time, whatever the pattern and the text), so a pattern in a case file cannot hang a run.
import { RE2JS } from 're2js';

export type Matcher = { $regex: string } | { $any: JsonType };

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object' | 'any';

// Whether a value of a case's expectation is a matcher object rather than a literal.
export function isMatcher(value: unknown): value is Matcher {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === '$regex' || keys[0] === '$any');
}

// The JSON type name of a value, as a $any matcher names it.
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const compiled = new Map<string, RE2JS>();

// The compiled RE2 form of a pattern (cached: a course has few patterns and many runs).
function re2(pattern: string): RE2JS {
  let found = compiled.get(pattern);
  if (!found) {
    found = RE2JS.compile(pattern);
    compiled.set(pattern, found);
  }
  return found;
}

// Whether a received value satisfies a matcher.
export function matches(matcher: Matcher, received: unknown): boolean {
  if ('$regex' in matcher) return typeof received === 'string' && re2(matcher.$regex).test(received);
  const type = jsonTypeOf(received);
  if (matcher.$any === 'any') return received !== undefined;
  if (matcher.$any === 'number') return type === 'number' || type === 'integer';
  return type === matcher.$any;
}

// The part of a text an RE2 pattern picks out: its first group when it has one (and that group took part), else the
// whole match; undefined when the pattern does not match.
export function regexPart(pattern: string, text: string): string | undefined {
  const found = re2(pattern).matcher(text);
  if (!found.find()) return undefined;
  return (found.groupCount() > 0 ? found.group(1) : found.group()) ?? undefined;
}

const JSON_TYPES: JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object', 'any'];

// Why a $regex pattern cannot be used, or undefined when RE2 compiles it.
function regexProblem(pattern: string): string | undefined {
  try {
    re2(pattern);
    return undefined;
  } catch (error) {
    // RE2 runs in linear time because it leaves out what needs backtracking: lookaround and backreferences.
    return `"$regex" is not a valid regular expression: ${JSON.stringify(pattern)} (RE2 syntax, which runs in linear time: no lookaround, no backreferences; ${(error as Error).message})`;
  }
}

// Every malformed matcher in an expectation ($regex that RE2 does not compile, $any of an unknown type), by JSON path.
export function matcherProblems(value: unknown, path = '$.expect.stdout'): string[] {
  if (isMatcher(value)) {
    if ('$regex' in value) {
      const problem = typeof value.$regex === 'string' ? regexProblem(value.$regex) : '"$regex" must be a string';
      return problem ? [`${path}: ${problem}`] : [];
    }
    return JSON_TYPES.includes(value.$any) ? [] : [`${path}: "$any" must be one of ${JSON_TYPES.join(', ')}, got ${JSON.stringify(value.$any)}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => matcherProblems(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => matcherProblems(item, `${path}.${key}`));
  return [];
}
