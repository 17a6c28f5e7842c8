// The part of the sandbox a call touches, as a normalised root-relative path; `""` is the whole sandbox.
export type Scope = string;

// The whole sandbox: the scope of a call without a string `path`, and of `""`, `.` or `/`.
export const WHOLE_SANDBOX: Scope = '';

// A call's scope: its input's `path`, normalised, or the whole sandbox when there is no string path.
// An input that is not an object (null, a number, a string, a JSON array) has no `path` to read.
export function scopeOf(input: unknown): Scope {
  const given = (input as { path?: unknown } | null | undefined)?.path;
  return typeof given === 'string' ? normalisePath(given) : WHOLE_SANDBOX;
}

// One spelling per path: empty and `.` segments dropped (so leading, trailing and doubled slashes go),
// `..` removes the segment before it and is dropped at the root. `./a.txt` and `/a.txt` are `a.txt`.
export function normalisePath(given: string): Scope {
  const segments: string[] = [];
  for (const segment of given.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

// True when two scopes share a file: one is the whole sandbox, they are equal, or one lies inside the other.
export function scopesOverlap(a: Scope, b: Scope): boolean {
  return a === WHOLE_SANDBOX || b === WHOLE_SANDBOX || a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
