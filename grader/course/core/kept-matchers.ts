// What `record --update` writes where a case already had an expectation: the reference's values, except that a matcher
// ({"$any": …}, {"$regex": …}) the reference's output still satisfies is kept; each matcher it does not is listed.
import { isMatcher, matches, type Matcher } from '../../judge/core/matchers.ts';
import { displayPath, indexPath, keyPath } from '../../judge/core/json-path.ts';
import { formatValue } from '../../judge/core/format-value.ts';

/** A matcher the new expectation no longer holds, and what the reference printed there (undefined: nothing). */
export type DroppedMatcher = { path: string; matcher: Matcher; received: unknown };

// The new expected value with every still-matching matcher of the old one kept in place, and the matchers dropped.
export function keepMatchers(before: unknown, after: unknown, path = ''): { value: unknown; dropped: DroppedMatcher[] } {
  if (isMatcher(before)) {
    if (after !== undefined && matches(before, after)) return { value: before, dropped: [] };
    return { value: after, dropped: [{ path, matcher: before, received: after }] };
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const dropped: DroppedMatcher[] = [];
    const value = after.map((item, i) => {
      const kept = keepMatchers(before[i], item, indexPath(path, i));
      dropped.push(...kept.dropped);
      return kept.value;
    });
    for (let i = after.length; i < before.length; i++) dropped.push(...matchersIn(before[i], indexPath(path, i)));
    return { value, dropped };
  }
  if (isObject(before) && isObject(after)) {
    const dropped: DroppedMatcher[] = [];
    const value: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(after)) {
      const kept = keepMatchers(before[key], item, keyPath(path, key));
      dropped.push(...kept.dropped);
      value[key] = kept.value;
    }
    for (const [key, item] of Object.entries(before)) if (!(key in after)) dropped.push(...matchersIn(item, keyPath(path, key)));
    return { value, dropped };
  }
  return { value: after, dropped: matchersIn(before, path, after) };
}

// The lines that tell the instructor which matchers recording replaced.
export function droppedMatcherLines(dropped: DroppedMatcher[]): string[] {
  return dropped.map((d) => `dropped the matcher ${JSON.stringify(d.matcher)} at ${displayPath(d.path)}: the reference printed ${d.received === undefined ? 'nothing there' : formatValue(d.received)}`);
}

// Every matcher inside a value that is going away (the reference printed something of another shape, or nothing).
function matchersIn(value: unknown, path: string, received?: unknown): DroppedMatcher[] {
  if (isMatcher(value)) return [{ path, matcher: value, received }];
  if (Array.isArray(value)) return value.flatMap((item, i) => matchersIn(item, indexPath(path, i)));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => matchersIn(item, keyPath(path, key)));
  return [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
