// What `record` does with one case graded against the reference: leave it, fill an empty expectation, replace a
// hand-written one (only with --update), report it as stale (--check), or refuse (a run that proves nothing).
import type { CaseResult, Expectation, RunResult } from './types.ts';
import { parseStdout } from '../../judge/core/parse-stdout.ts';
import { describeVerdict } from '../../judge/core/describe.ts';
import { expectationChange, expectationLines } from './expectation-change.ts';
import { droppedMatcherLines, keepMatchers } from './kept-matchers.ts';
import { REFERENCE_TODO } from './command-skeleton.ts';

/** How record was asked to run. */
export type RecordMode = {
  check: boolean;
  update: boolean;
  /** --force: write every answer the reference gives, over recorded ones too. */
  force?: boolean;
  /** --case named the cases: --update replaces only what was asked for by name. */
  named?: boolean;
};

/** The outcome for one case; `lines` are what the instructor reads under it (the expectation, or its diff). */
export type RecordDecision =
  | { status: 'unchanged' }
  | { status: 'filled' | 'updated'; expect: Expectation; lines: string[] }
  | { status: 'kept' | 'stale' | 'unrecordable'; lines: string[] }
  /** An answer not written: the reference disagrees with answers recorded before, so this one may be wrong too. */
  | { status: 'held'; lines: string[] };

// The expectation a reference run implies, or why the run cannot be recorded.
export function expectationFrom(result: CaseResult): { ok: true; expect: Expectation } | { ok: false; reason: string } {
  const run = result.run;
  if (!run) return { ok: false, reason: describeVerdict(result.verdict) };
  if (run.timedOut) return { ok: false, reason: 'the reference timed out' };
  if (run.exitCode === null) return { ok: false, reason: `the reference was killed by ${run.signal}` };
  if (run.stdout.trim() === '') return { ok: true, expect: { exitCode: run.exitCode } };
  const parsed = parseStdout(run.stdout);
  if (!parsed.ok) return { ok: false, reason: `the reference printed no single JSON document: ${parsed.problem}` };
  return { ok: true, expect: { stdout: parsed.value, exitCode: run.exitCode } };
}

// The harness's refusal of a case input ("dispatch: \"calls\" must be an array"), or undefined when the input was used:
// the harness prints one "<command>: …" line, nothing on stdout, and exits 1 (harness/failure-report.ts).
export function harnessRefusal(run: RunResult | undefined, command: string): string | undefined {
  if (!run || run.exitCode === 0 || run.stdout.trim() !== '') return undefined;
  const first = run.stderr.split('\n')[0] ?? '';
  return first.startsWith(`${command}: `) ? first : undefined;
}

// Why a reference run is a grader fault rather than an answer, or undefined: the harness exits 2 only when program.ts
// cannot serve the request at all ("unknown command: observe"), and such a run must never become an answer key.
export function graderFault(run: RunResult | undefined): string | undefined {
  if (!run) return undefined;
  const first = run.stderr.split('\n').find((line) => line.trim() !== '') ?? '';
  const unknown = /^unknown command: ?(.*)$/.exec(first);
  if (unknown) {
    return `program.ts has no command "${unknown[1]}" (the reference said "${first}", exit ${run.exitCode}): declare it in harness/commands/ ("npx dispatch-lab new stage <slug> --after <stage> --command ${unknown[1]}" scaffolds the declaration, runner, reference and stub; docs/authoring.md, "A new command"), or give the stage an existing "command" in stages/stages.json`;
  }
  if (run.exitCode === 2) return `the reference exited 2, the harness's own error, not an answer${first ? ` (stderr: ${first})` : ''}: fix what it names, then record again`;
  return undefined;
}

// The reference still throwing its stub's error (the scaffold's TODO, or a NotImplementedError's "not implemented: …"),
// as the line it printed, or undefined: the reference is what is unwritten, not the input.
export function unwrittenReference(run: RunResult | undefined): string | undefined {
  if (!run || run.exitCode === 0 || run.stdout.trim() !== '') return undefined;
  return run.stderr.split('\n').find((line) => REFERENCE_TODO.test(line) || /^not implemented: /.test(line));
}

// Whether a case has no expectation yet ("expect": {}).
export function isOpenExpectation(expect: Expectation): boolean {
  return Object.values(expect).every((v) => v === undefined);
}

// What record does with one graded case.
export function decideRecord(result: CaseResult, command: string, mode: RecordMode): RecordDecision {
  const open = isOpenExpectation(result.case.expect);
  const fault = graderFault(result.run);
  if (fault !== undefined) return { status: 'unrecordable', lines: [fault] };
  const unwritten = unwrittenReference(result.run);
  if (unwritten !== undefined) {
    const where = REFERENCE_TODO.exec(unwritten)?.[1] ?? 'reference/';
    return { status: 'unrecordable', lines: [`the reference is not written yet: it still throws its stub's error (${unwritten})`, `write the model answer in ${where}, then record again (npx dispatch-lab verify --stage ${result.case.stage} checks it); the input is not the problem`] };
  }
  const refusal = harnessRefusal(result.run, command);
  if (refusal !== undefined && result.case.expectHarnessError !== true) {
    return { status: 'unrecordable', lines: [`the harness refused the input: ${refusal}`, 'fix the input (npx dispatch-lab validate names the field), or add "expectHarnessError": true if that refusal is what the case checks'] };
  }
  if (refusal === undefined && result.case.expectHarnessError === true && result.run) {
    return { status: 'unrecordable', lines: ['the case says "expectHarnessError": true, but the harness accepted its input'] };
  }
  if (!open && result.verdict.status === 'pass') return { status: 'unchanged' };
  if (mode.check) return { status: 'stale', lines: open ? ['no expectation yet ("expect": {})'] : describeVerdict(result.verdict).split('\n') };
  const next = expectationFrom(result);
  if (!next.ok) return { status: 'unrecordable', lines: [next.reason] };
  if (open) return { status: 'filled', expect: next.expect, lines: expectationLines(next.expect) };
  if (!mode.update && !mode.force) return { status: 'kept', lines: [...expectationChange(result.case.expect, next.expect), 'kept the hand-written expectation: npx dispatch-lab record --update --case <name> replaces it'] };
  if (!mode.force && !mode.named) return { status: 'kept', lines: [...expectationChange(result.case.expect, next.expect), 'kept: --update replaces only the cases you name (--case <name>); --force replaces every one'] };
  const merged = withKeptMatchers(result.case.expect, next.expect);
  return { status: 'updated', expect: merged.expect, lines: [...expectationChange(result.case.expect, next.expect), ...merged.lines] };
}

// The reference's expectation with the old one's still-matching matchers kept, and a line per matcher dropped.
function withKeptMatchers(before: Expectation, after: Expectation): { expect: Expectation; lines: string[] } {
  if (before.stdout === undefined || after.stdout === undefined) return { expect: after, lines: [] };
  const kept = keepMatchers(before.stdout, after.stdout);
  return { expect: { ...after, stdout: kept.value }, lines: droppedMatcherLines(kept.dropped) };
}

// One stage's decisions, with the answers to fill held back when the reference disagrees with a recorded answer of the
// same stage (a reference that is wrong there is likely wrong here too); --force writes them anyway.
export function holdUnsureFills(decisions: RecordDecision[], mode: RecordMode): RecordDecision[] {
  const disagreements = decisions.filter((d) => d.status === 'kept').length;
  if (mode.force || disagreements === 0) return decisions;
  const why = `not written: the reference disagrees with ${disagreements === 1 ? '1 recorded answer' : `${disagreements} recorded answers`} of this stage (kept above), so this answer may be wrong too: fix the reference and record again, or record --force to write it`;
  return decisions.map((d) => (d.status === 'filled' ? { status: 'held', lines: [...d.lines, why] } : d));
}
