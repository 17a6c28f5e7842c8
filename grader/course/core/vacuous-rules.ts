// Authoring rules against checks that check nothing: an expectation that accepts any output, and a stage's mistake
// pattern whose path names no value any case of the stage expects (a misspelt key: the pattern can never fire).
import { isMatcher, matches } from '../../judge/core/matchers.ts';
import { indexPath, keyPath } from '../../judge/core/json-path.ts';
import { mistakePathMatches } from '../../judge/core/mistakes.ts';
import { closest } from '../../text/core/closest.ts';

// Where an expected stdout accepts whatever a program prints there: the whole document as {"$any": "any"}, or a
// "$regex" that matches the empty string (and so, searching, every string).
export function acceptsAnythingProblems(stdout: unknown, path = '$.expect.stdout'): string[] {
  if (isMatcher(stdout)) {
    if ('$regex' in stdout) {
      return typeof stdout.$regex === 'string' && matchesEmpty(stdout.$regex) ? [`${path}: {"$regex": ${JSON.stringify(stdout.$regex)}} matches every string (it matches the empty one): anchor it (^…$) or require what the value must contain`] : [];
    }
    return path === '$.expect.stdout' && stdout.$any === 'any' ? [`${path}: {"$any": "any"} accepts any output, so the case grades nothing: expect the document the reference prints (npx dispatch-lab record), with matchers only where a value may vary`] : [];
  }
  if (Array.isArray(stdout)) return stdout.flatMap((item, i) => acceptsAnythingProblems(item, `${path}[${i}]`));
  if (stdout !== null && typeof stdout === 'object') return Object.entries(stdout).flatMap(([key, item]) => acceptsAnythingProblems(item, `${path}.${key}`));
  return [];
}

function matchesEmpty(pattern: string): boolean {
  try {
    return matches({ $regex: pattern }, '');
  } catch {
    return false;
  }
}

// Every path of an expected document, as differences name them ('' for the document itself, results[0].content).
export function expectedPaths(value: unknown, path = ''): string[] {
  if (isMatcher(value)) return [path];
  if (Array.isArray(value)) return [path, ...value.flatMap((item, i) => expectedPaths(item, indexPath(path, i)))];
  if (value !== null && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([key, item]) => expectedPaths(item, keyPath(path, key)))];
  return [path];
}

// Paths a pattern may name beside the document's: the run's exit code and its stderr (not in any expected stdout).
const RUN_FACTS = ['exitCode', 'stderr'];

/** A mistake pattern as the rule reads it. */
type Pattern = { path?: unknown; present?: unknown };

// The mistake patterns of one stage whose path matches no path any of its cases expects. A `present` pattern is about a
// key the program adds, which no expectation holds, and one on the exit code or stderr, so they are not checked.
export function deadMistakeProblems(mistakes: unknown, where: string, stage: string, expectedStdouts: unknown[]): string[] {
  if (!Array.isArray(mistakes) || expectedStdouts.length === 0) return [];
  const paths = [...new Set(expectedStdouts.flatMap((stdout) => expectedPaths(stdout)))];
  const shapes = [...new Set(paths.map((p) => (p === '' ? 'stdout' : p.replace(/\[\d+\]/g, '[*]'))))];
  return mistakes.flatMap((m: Pattern, i) => {
    if (typeof m?.path !== 'string' || m.present === true || RUN_FACTS.includes(m.path)) return [];
    const patternPath = m.path;
    if (paths.some((p) => mistakePathMatches(patternPath, p))) return [];
    // A path the pattern continues (results[*] for results[*].contnet) is not what it meant.
    const suggestion = closest(patternPath, shapes.filter((shape) => !patternPath.startsWith(shape)));
    return [`${where}[${i}].path: "${patternPath}" names no value that any case of stage "${stage}" expects, so the pattern never fires${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: use a path of the expected output (keys joined by ".", [*] for any array item)`];
  });
}
