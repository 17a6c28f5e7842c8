// Matchers let a case accept values that legitimately vary: {"$regex": "…"} and {"$any": "string"}.

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

// Whether a received value satisfies a matcher.
export function matches(matcher: Matcher, received: unknown): boolean {
  if ('$regex' in matcher) return typeof received === 'string' && new RegExp(matcher.$regex).test(received);
  const type = jsonTypeOf(received);
  if (matcher.$any === 'any') return received !== undefined;
  if (matcher.$any === 'number') return type === 'number' || type === 'integer';
  return type === matcher.$any;
}

const JSON_TYPES: JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object', 'any'];

// Every malformed matcher in an expectation ($regex that does not compile, $any of an unknown type), by JSON path.
export function matcherProblems(value: unknown, path = '$.expect.stdout'): string[] {
  if (isMatcher(value)) {
    if ('$regex' in value) {
      try {
        new RegExp(value.$regex);
        return [];
      } catch {
        return [`${path}: "$regex" is not a valid regular expression: ${JSON.stringify(value.$regex)}`];
      }
    }
    return JSON_TYPES.includes(value.$any) ? [] : [`${path}: "$any" must be one of ${JSON_TYPES.join(', ')}, got ${JSON.stringify(value.$any)}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => matcherProblems(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => matcherProblems(item, `${path}.${key}`));
  return [];
}
