import type { CaseResult, Failure, Stage } from '../core/types.ts';
import { describeFailure, describeVerdict } from '../core/describe.ts';
import { excerptOf } from '../core/parse-stdout.ts';
import { sentLines } from '../core/sent-lines.ts';
import { reproduceCommand, rerunCommand } from '../core/reproduce.ts';
import { safeText } from '../core/safe-text.ts';
import { firstShapeNote } from '../core/difference-shapes.ts';
import { likelyMistake, mistakeSubjects, type RunFacts } from '../core/mistakes.ts';
import { oneLineDifference } from '../core/failure-order.ts';

/** Paints parts of a failure; identity functions when colours are off. */
export type Paint = { dim: (s: string) => string; red: (s: string) => string; green: (s: string) => string; yellow: (s: string) => string; bold: (s: string) => string };

const STDERR_CHARS = 1_200;

function indent(text: string, prefix: string): string {
  return text.split('\n').map((line) => prefix + line).join('\n');
}

function failureLines(result: CaseResult): string[] {
  const v = result.verdict;
  if (v.status !== 'fail') return [describeVerdict(v)];
  return v.failures.flatMap((f) => {
    const lines = describeFailure(f);
    return f.kind === 'stdout' && f.excerpt !== '' ? [...lines, 'offending output:', ...indent(safeText(f.excerpt), '  ').split('\n')] : lines;
  });
}

// The differences of a failed verdict (none for any other).
function mismatchesOf(result: CaseResult) {
  const v = result.verdict;
  return v.status === 'fail' ? v.failures.flatMap((f: Failure) => (f.kind === 'mismatch' ? f.mismatches : [])) : [];
}

// The lines that answer the difference before the case's own hint: its shape, and the stage's likely mistake.
function answerLines(result: CaseResult, stage: Stage, paint: Paint): string[] {
  const mismatches = mismatchesOf(result);
  const note = firstShapeNote(mismatches);
  const v = result.verdict;
  const exit = v.status === 'fail' ? v.failures.find((f) => f.kind === 'exit-code') : undefined;
  const facts: RunFacts = {
    ...(exit?.kind === 'exit-code' ? { exitCode: { expected: exit.expected, received: exit.received } } : {}),
    ...(v.status !== 'pass' && result.run?.stderr ? { stderr: result.run.stderr } : {}),
  };
  const mistake = likelyMistake(stage.mistakes, mistakeSubjects(mismatches, facts));
  return [
    ...(note ? [`  ${paint.yellow('note:')} ${safeText(note.replace(/^note: /, ''))}`] : []),
    ...(mistake ? [`  ${paint.yellow('likely mistake:')} ${mistake.hint}`] : []),
  ];
}

// The full explanation of a failed case: what was sent, what differs, stderr, what the difference looks like, the
// hint, and how to reproduce it.
export function failureDetails(result: CaseResult, stage: Stage, paint: Paint): string {
  const out: string[] = [];
  out.push(`${paint.red(paint.bold('✗'))} ${paint.bold(`${stage.slug} › ${result.case.name}`)}  ${paint.dim(result.case.file)}`);
  out.push(paint.dim('  sent:'), ...sentLines(result.case.input).map((l) => `    ${safeText(l)}`));
  const label = result.verdict.status === 'fail' ? '  what differs:' : `  ${result.verdict.status}:`;
  out.push(paint.dim(label), ...failureLines(result).map((l) => `    ${paint.red(l)}`));
  const stderr = result.run?.stderr.trimEnd() ?? '';
  // What the program wrote is shown with its control characters escaped: it cannot drive the terminal or the CI log.
  if (stderr !== '') out.push(paint.dim('  stderr:'), indent(safeText(excerptOf(stderr, STDERR_CHARS)), '    '));
  out.push(...answerLines(result, stage, paint));
  out.push(`  ${paint.yellow('hint:')} ${result.case.hint}`);
  const timeoutMs = result.verdict.status === 'timeout' ? result.verdict.timeoutMs : undefined;
  out.push(`  ${paint.dim('reproduce:')} ${reproduceCommand(result.case, stage, timeoutMs)}`);
  out.push(`  ${paint.dim('rerun:')}     ${rerunCommand(result.case)}`);
  return out.join('\n');
}

// The failed cases not shown in full, one line each: the name and the first line of what went wrong.
export function moreFailures(rest: readonly CaseResult[], paint: Paint): string {
  const heading = `  … ${rest.length} more failing ${rest.length === 1 ? 'case' : 'cases'} (rerun one with --case to see it in full):`;
  const lines = rest.map((r) => `    ${paint.red('✗')} ${r.case.name} ${paint.dim('—')} ${safeText(oneLineDifference(r.verdict))}`);
  return [paint.dim(heading), ...lines].join('\n');
}
