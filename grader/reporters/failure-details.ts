import type { CaseResult, Mismatch, Stage } from '../course/core/types.ts';
import { failureAnswer, mismatchesOf } from '../judge/core/failure-answer.ts';
import { describeFailure, describeVerdict } from '../judge/core/describe.ts';
import { excerptOf } from '../judge/core/parse-stdout.ts';
import { sentLines } from '../judge/core/sent-lines.ts';
import { reproduceCommand, rerunCommand } from '../judge/core/reproduce.ts';
import { safeText } from '../text/core/safe-text.ts';
import { oneLineDifference } from '../judge/core/failure-order.ts';

/** Paints parts of a failure; identity functions when colours are off. */
export type Paint = { dim: (s: string) => string; red: (s: string) => string; green: (s: string) => string; yellow: (s: string) => string; bold: (s: string) => string };

const STDERR_CHARS = 1_200;

/** What a case new since the student's last pass of the stage is labelled with. */
export const NEW_CASE_LINE = 'new since you passed this stage: the course added this case after your last pass';

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

/** A failed case's explanation as values, each part safe to print: the terminal block prints it, the browser page lays it out. */
export type FailureBlock = {
  stage: string;
  name: string;
  file: string;
  /** The calls sent, one line each. */
  sent: string[];
  /** "what differs", or the verdict's status (timeout, error). */
  label: string;
  differs: string[];
  /** The differences as values (the page shows both sides with the difference marked). */
  mismatches: Mismatch[];
  /** What the program wrote to stderr, cut and escaped; "" when nothing. */
  stderr: string;
  /** What the difference looks like, and the stage's likely mistake it matches. */
  note?: string;
  mistake?: string;
  /** The known mistakes the received output is exactly that of, in one line, and their hints (grader/known/). */
  known?: string;
  knownHints?: string[];
  /** Set (to the line that says so) when the case was added to the course since the student passed its stage. */
  isNew?: string;
  /** The case's hint; left out when a known mistake answers, whose own hint is the certain one (the case's hint guesses at a cause). */
  hint?: string;
  reproduce: string;
  rerun: string;
};

// The parts of a failed case's explanation: what was sent, what differs, stderr, what the difference looks like, the
// hint, and how to reproduce it.
export function failureBlock(result: CaseResult, stage: Stage): FailureBlock {
  const mismatches = mismatchesOf(result.verdict);
  const { note, mistake, known, knownHints: allKnownHints } = failureAnswer(result, stage);
  // A known mistake is certain, so its own hint answers and the case's (written for whichever slip its author foresaw)
  // is left out; without one, the case's hint is shown.
  const knownHints = known ? allKnownHints : undefined;
  const stderr = result.run?.stderr.trimEnd() ?? '';
  const timeoutMs = result.verdict.status === 'timeout' ? result.verdict.timeoutMs : undefined;
  return {
    stage: stage.slug,
    name: result.case.name,
    // A private case's path is the grading machine's (as given with --cases): students see none.
    file: result.case.private ? '(private case)' : result.case.file,
    sent: sentLines(result.case.input).map((l) => safeText(l)),
    label: result.verdict.status === 'fail' ? 'what differs' : result.verdict.status,
    differs: failureLines(result),
    mismatches,
    // What the program wrote is shown with its control characters escaped: it cannot drive the terminal or the CI log.
    stderr: stderr === '' ? '' : safeText(excerptOf(stderr, STDERR_CHARS)),
    ...(note ? { note: safeText(note) } : {}),
    ...(mistake ? { mistake } : {}),
    ...(known ? { known } : {}),
    ...(knownHints && knownHints.length > 0 ? { knownHints } : {}),
    ...(result.isNew ? { isNew: NEW_CASE_LINE } : {}),
    ...(known ? {} : { hint: result.case.hint }),
    reproduce: reproduceCommand(result.case, stage, timeoutMs),
    rerun: rerunCommand(result.case),
  };
}

// The full explanation of a failed case as the terminal prints it.
export function failureDetails(result: CaseResult, stage: Stage, paint: Paint): string {
  const block = failureBlock(result, stage);
  const out: string[] = [];
  out.push(`${paint.red(paint.bold('✗'))} ${paint.bold(`${block.stage} › ${block.name}`)}  ${paint.dim(block.file)}`);
  if (block.isNew) out.push(`  ${paint.yellow('new:')} ${block.isNew}`);
  out.push(paint.dim('  sent:'), ...block.sent.map((l) => `    ${l}`));
  out.push(paint.dim(`  ${block.label}:`), ...block.differs.map((l) => `    ${paint.red(l)}`));
  if (block.stderr !== '') out.push(paint.dim('  stderr:'), indent(block.stderr, '    '));
  if (block.note) out.push(`  ${paint.yellow('note:')} ${block.note}`);
  if (block.known) out.push(`  ${paint.yellow('known mistake:')} ${block.known}`);
  for (const hint of block.knownHints ?? []) out.push(`  ${paint.yellow('its hint:')} ${hint}`);
  if (block.mistake) out.push(`  ${paint.yellow('likely mistake:')} ${block.mistake}`);
  if (block.hint !== undefined) out.push(`  ${paint.yellow('hint:')} ${block.hint}`);
  out.push(`  ${paint.dim('reproduce:')} ${block.reproduce}`);
  out.push(`  ${paint.dim('rerun:')}     ${block.rerun}`);
  return out.join('\n');
}

// The failed cases not shown in full, one line each: the name and the first line of what went wrong.
export function moreFailures(rest: readonly CaseResult[], paint: Paint): string {
  const heading = `  … ${rest.length} more failing ${rest.length === 1 ? 'case' : 'cases'} (rerun one with --case to see it in full):`;
  const lines = rest.map((r) => `    ${paint.red('✗')} ${r.case.name}${r.isNew ? paint.dim(' (new since you passed this stage)') : ''} ${paint.dim('—')} ${safeText(oneLineDifference(r.verdict))}`);
  return [paint.dim(heading), ...lines].join('\n');
}
