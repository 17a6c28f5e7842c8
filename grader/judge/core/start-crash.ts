import type { RunResult } from '../../course/core/types.ts';

/** An uncaught exception a program died of, as Node reported it on stderr (paths relative to the course directory). */
export type Crash = {
  /** file:line:column of the first frame in the program's own code, when there is one. */
  where?: string;
  /** The error line, e.g. "Error: boom". */
  error: string;
  /** The source line Node quoted above the error. */
  source?: string;
  /** The stack frames outside Node's internals. */
  frames: string[];
};

const MAX_FRAMES = 6;
/** Node's crash report ends stderr: reading only this much of its end keeps the work bounded, whatever came before. */
const TAIL_CHARS = 16_384;
/** Lines are cut to this before any pattern looks at them. */
const LINE_CHARS = 1_000;

// `text` with the course directory taken off every path in it (and off file URLs).
export function relativeTo(courseDir: string, text: string): string {
  const root = courseDir.endsWith('/') ? courseDir : `${courseDir}/`;
  return text.split(`file://${root}`).join('').split(root).join('');
}

function isInternal(line: string): boolean {
  return /\(?node:internal\/|\(node:/.test(line);
}

function locationOf(frame: string): string | undefined {
  return /\(([^()]+:\d+:\d+)\)\s*$/.exec(frame)?.[1] ?? /^\s*at (\S+:\d+:\d+)\s*$/.exec(frame)?.[1];
}

// The uncaught exception a run died of: nothing on stdout, a non-zero exit and Node's crash report ending stderr; undefined otherwise.
export function crashOf(run: Pick<RunResult, 'stdout' | 'stderr' | 'exitCode' | 'signal' | 'timedOut'>, courseDir: string): Crash | undefined {
  if (run.timedOut || run.signal !== null || run.exitCode === 0 || run.stdout.trim() !== '') return undefined;
  const tail = run.stderr.slice(-TAIL_CHARS).trimEnd();
  const lastLine = tail.lastIndexOf('\n');
  if (lastLine < 0 || !/^[ \t]*Node\.js v\d+/.test(tail.slice(lastLine + 1))) return undefined;
  const lines = relativeTo(courseDir, tail.slice(0, lastLine).trimEnd()).split('\n').map((l) => l.slice(0, LINE_CHARS));
  const caret = lines.findIndex((l) => /^\s*\^+\s*$/.test(l));
  const afterCaret = caret >= 0 ? lines.slice(caret + 1) : lines;
  const error = afterCaret.find((l) => l.trim() !== '' && !/^\s+at /.test(l))?.trim();
  if (error === undefined) return undefined;
  const frames = lines.filter((l) => /^\s+at /.test(l) && !isInternal(l)).map((l) => l.trim());
  const header = caret === 2 && !isInternal(lines[0] ?? '') ? lines[0] : undefined;
  const where = frames.map(locationOf).find((l) => l !== undefined) ?? header;
  const source = header !== undefined ? lines[1]?.trim() : undefined;
  return { ...(where ? { where } : {}), error, ...(source ? { source } : {}), frames: frames.slice(0, MAX_FRAMES) };
}

// Whether two crashes are the same error at the same place.
export function isSameCrash(a: Crash, b: Crash): boolean {
  return a.where === b.where && a.error === b.error;
}

// One line naming a crash: "src/tools.ts:3:7: Error: boom".
export function crashLine(crash: Crash): string {
  return crash.where ? `${crash.where}: ${crash.error}` : crash.error;
}

// The stage problem for a program that crashes at start whatever its input (e.g. a throw at import).
export function describeStartCrash(crash: Crash): string {
  const lines = [
    'program.ts crashes at start, whatever the case: it dies with this error even with no input at all',
    crashLine(crash),
    ...(crash.source ? [`    ${crash.source}`] : []),
    ...crash.frames.map((f) => `    ${f}`),
  ];
  return lines.join('\n');
}
