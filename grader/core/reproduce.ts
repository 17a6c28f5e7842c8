import type { Case, Stage } from './types.ts';

// The program's stdin for a case: JSON-encoded input, or a string input verbatim.
export function stdinOf(c: Case): string {
  return typeof c.input === 'string' ? c.input : JSON.stringify(c.input);
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// A shell command that feeds a case to program.ts by hand, from the course directory.
export function reproduceCommand(c: Case, stage: Stage): string {
  return `printf '%s' ${shellQuote(stdinOf(c))} | npx tsx program.ts ${stage.command}`;
}

// The grader command that reruns just this case.
export function rerunCommand(c: Case): string {
  return `npx dispatch-lab test --stage ${c.stage} --case ${shellQuote(c.name)}`;
}
