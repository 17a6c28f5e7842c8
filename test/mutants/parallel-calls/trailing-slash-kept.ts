// Mutant: a trailing slash is kept (only the empty segments before the last one are dropped), so the scope dir/ is no prefix of dir/x.txt.
// Replaces: reference/turn/scope.ts
// Caught by: trailing-slash-is-dropped
// The part of the sandbox a call touches, as a normalised root-relative path; `""` is the whole sandbox.
export type Scope = string;

// The whole sandbox: the scope of a call without a string `path`, and of `""`, `.` or `/`.
export const WHOLE_SANDBOX: Scope = '';

// A call's scope: its input's `path`, normalised, or the whole sandbox when there is no string path.
export function scopeOf(input: unknown): Scope {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return WHOLE_SANDBOX;
  const given = (input as Record<string, unknown>).path;
  return typeof given === 'string' ? normalisePath(given) : WHOLE_SANDBOX;
}

// One spelling per path: empty and `.` segments dropped (so leading, trailing and doubled slashes go),
// `..` removes the segment before it and is dropped at the root. `./a.txt` and `/a.txt` are `a.txt`.
export function normalisePath(given: string): Scope {
  const segments: string[] = [];
  const parts = given.split('/');
  for (const [index, segment] of parts.entries()) {
    if ((segment === '' && index < parts.length - 1) || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

// True when two scopes share a file: one is the whole sandbox, they are equal, or one lies inside the other.
export function scopesOverlap(a: Scope, b: Scope): boolean {
  return a === WHOLE_SANDBOX || b === WHOLE_SANDBOX || a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
