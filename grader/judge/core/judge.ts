import type { Case, Failure, RunResult, Verdict } from '../../course/core/types.ts';
import { jsonDiffCounted } from './json-diff.ts';
import { parseStdout } from './parse-stdout.ts';
import { stubInStderr, stubInValue } from './stub-reached.ts';

/** How many characters of a flooded stream's head and tail a failure quotes. */
const FLOOD_EXCERPT_CHARS = 120;

// The verdict for one case given how its run went. Pure: the same inputs always give the same verdict.
export function judge(testCase: Case, run: RunResult, timeoutMs: number): Verdict {
  // Over a limit, the rest (a kill, a timeout while forks fail) is a consequence, not the news.
  if (run.limitHit && run.limits) return { status: 'fail', failures: [{ kind: 'limit', limit: run.limitHit, limits: run.limits }] };
  if (run.timedOut) return { status: 'timeout', timeoutMs, ...(run.runningCall ? { during: run.runningCall } : {}) };
  const stub = notImplemented(testCase.expect.exitCode ?? 0, run);
  if (stub) return { status: 'fail', failures: [stub] };
  const failures: Failure[] = [...outputLimitFailures(run)];
  if (failures.length === 0 && testCase.expect.stdout !== undefined) failures.push(...stdoutFailures(testCase.expect.stdout, run.stdout));
  const exitFailure = exitCodeFailure(testCase.expect.exitCode ?? 0, run);
  if (exitFailure) failures.unshift(exitFailure);
  if (failures.length === 0) return { status: 'pass' };
  // A stub's error turned into an ordinary result by a catch-all still says more than the difference it makes.
  const caught = caughtStub(testCase.expect.stdout, run);
  if (caught) return { status: 'fail', failures: [caught] };
  if (run.runningCall && exitFailure) failures.unshift({ kind: 'crash', during: run.runningCall });
  return { status: 'fail', failures };
}

// A "not implemented: <what>" in the output (any string of the document) or on stderr of a failed run, unless the
// case itself expects those words.
function caughtStub(expected: unknown, run: RunResult): Failure | undefined {
  if (JSON.stringify(expected ?? null).includes('not implemented')) return undefined;
  const parsed = parseStdout(run.stdout);
  const what = (parsed.ok ? stubInValue(parsed.value) : undefined) ?? stubInStderr(run.stderr);
  return what ? { kind: 'not-implemented', what } : undefined;
}

// A starter stub reached: the harness prints "not implemented: <what>" and exits 1 with nothing on stdout, which says
// more than the empty stdout does — also where the case itself expects exit 1 (a protocol failure, say).
function notImplemented(expectedExitCode: number, run: RunResult): Failure | undefined {
  if (run.exitCode === expectedExitCode && run.stdout.trim() !== '') return undefined;
  const what = stubInStderr(run.stderr);
  return what ? { kind: 'not-implemented', what } : undefined;
}

function outputLimitFailures(run: RunResult): Failure[] {
  const flooded = (stream: 'stdout' | 'stderr', droppedBytes: number, text: string): Failure => ({
    kind: 'output-limit',
    stream,
    limitBytes: run.outputLimitBytes,
    droppedBytes,
    head: text.slice(0, FLOOD_EXCERPT_CHARS),
    tail: text.slice(-FLOOD_EXCERPT_CHARS),
  });
  const out: Failure[] = [];
  if (run.stdoutDroppedBytes > 0) out.push(flooded('stdout', run.stdoutDroppedBytes, run.stdout));
  if (run.stderrDroppedBytes > 0) out.push(flooded('stderr', run.stderrDroppedBytes, run.stderr));
  return out;
}

function stdoutFailures(expected: unknown, stdout: string): Failure[] {
  const parsed = parseStdout(stdout);
  if (!parsed.ok) return [{ kind: 'stdout', problem: parsed.problem, excerpt: parsed.excerpt }];
  const { mismatches, total } = jsonDiffCounted(expected, parsed.value);
  if (total === 0) return [];
  return [{ kind: 'mismatch', mismatches, ...(total > mismatches.length ? { more: total - mismatches.length } : {}) }];
}

function exitCodeFailure(expected: number, run: RunResult): Failure | undefined {
  if (run.signal === null && run.exitCode === expected) return undefined;
  return { kind: 'exit-code', expected, received: run.exitCode, signal: run.signal };
}
