import type { Case, Stage } from '../../course/core/types.ts';

// The program's stdin for a case: JSON-encoded input, or a string input verbatim.
export function stdinOf(c: Case): string {
  return typeof c.input === 'string' ? c.input : JSON.stringify(c.input);
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The time limit of a reproduce command when the case names none, in seconds (the grader's default timeout). */
const DEFAULT_LIMIT_SECONDS = 10;

// A shell command that feeds a case to program.ts by hand, from the course directory, stopped after the case's time
// limit (perl's alarm survives exec, so node itself gets SIGALRM; portable: GNU `timeout` is missing on macOS), then
// prints the program's exit code.
export function reproduceCommand(c: Case, stage: Stage, timeoutMs?: number): string {
  if (c.private) return 'not available for a private case (its input is not shown)';
  const seconds = Math.max(1, Math.ceil((timeoutMs ?? c.timeoutMs ?? DEFAULT_LIMIT_SECONDS * 1000) / 1000));
  // The exit code is printed after the document: a case that expects exit 1 can be checked by pasting the line.
  return `printf '%s' ${shellQuote(stdinOf(c))} | perl -e 'alarm shift; exec @ARGV' ${seconds} node --import tsx program.ts ${stage.command}; echo "(exit code $?)"`;
}

// The grader command that reruns just this case.
export function rerunCommand(c: Case): string {
  // A stage text's worked example is graded by verify, not by a case file.
  if (c.file.endsWith('.md')) return `npx dispatch-lab verify --stage ${c.stage}`;
  return `npx dispatch-lab test --stage ${c.stage} --case ${shellQuote(c.name)}`;
}
