// The rows `dispatch-lab check` runs: one per check of the authoring guide's "places a new stage touches" table
// (docs/authoring.md), each judged into a verdict, and the lines and exit code they make. Effects live in
// course/io/check-runs.ts and commands/check.ts.

/** One row: what it checks, and the command that checks it on its own. */
export type CheckRow = { id: 'files' | 'commands' | 'validate' | 'record' | 'verify' | 'mutants' | 'known'; title: string; alone: string };

/** The rows, in the order they run (cheap ones first). */
export const CHECK_ROWS: readonly CheckRow[] = [
  { id: 'files', title: 'every manifest stage has its text (stages/<slug>.md) and its cases (cases/<slug>/)', alone: 'npx dispatch-lab validate' },
  { id: 'commands', title: 'every stage\'s command is a declared program.ts command', alone: 'npx dispatch-lab validate' },
  { id: 'validate', title: 'validate: the content follows every authoring rule', alone: 'npx dispatch-lab validate' },
  { id: 'record', title: 'record --check: every recorded expectation is what the reference prints', alone: 'npx dispatch-lab record --check' },
  { id: 'verify', title: 'verify: the reference passes every case, a fresh starter fails every case at a stub, worked examples match', alone: 'npx dispatch-lab verify' },
  { id: 'mutants', title: 'mutants: each stage has enough one-bug mutants, each caught by the case its header names', alone: 'npx vitest run test/mutants' },
  { id: 'known', title: 'known mistakes: cases/known-mistakes.json was recorded from today\'s cases, mutants and reference', alone: 'npx dispatch-lab record --check' },
];

/** A row's verdict: passed, failed (the course's problem), with the lines that say why. */
export type RowVerdict = { row: CheckRow; ok: boolean; summary: string; details: string[] };

/** A manifest stage as the rows read it. */
export type CheckStage = { slug: string; command: string; draft?: boolean };

// A row judged from the problems found: none passes with `passed`, any fails with each problem as a detail.
export function problemsVerdict(row: CheckRow, problems: readonly string[], passed: string): RowVerdict {
  if (problems.length === 0) return { row, ok: true, summary: passed, details: [] };
  return { row, ok: false, summary: `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; alone: ${row.alone}`, details: [...problems] };
}

// The manifest stages without a stage text or a case folder (a draft may have no cases yet).
export function stageFileProblems(stages: readonly CheckStage[], stageDocs: readonly string[], caseDirs: readonly string[]): string[] {
  return stages.flatMap((s) => [
    ...(stageDocs.includes(`${s.slug}.md`) ? [] : [`stages/${s.slug}.md: missing: write the stage text (npx dispatch-lab new stage writes one with its sections)`]),
    ...(s.draft || caseDirs.includes(s.slug) ? [] : [`cases/${s.slug}/: missing: add the stage's cases (npx dispatch-lab new case ${s.slug} "<name>")`]),
  ]);
}

// The stages whose command program.ts does not declare.
export function undeclaredCommands(stages: readonly CheckStage[], declared: readonly string[]): string[] {
  return stages
    .filter((s) => !declared.includes(s.command))
    .map((s) => `stages/stages.json: stage "${s.slug}": command "${s.command}" is not one of program.ts's (${declared.join(', ')}): declare it, or name one of those`);
}

// How many lines of a child command's output a failing row shows.
export const OUTPUT_LINES = 12;

// A row judged from the command that checks it on its own: exit 0 passes, 1 fails (what it printed says why), any other
// exit means the command could not do its job, which fails the row too.
export function commandVerdict(row: CheckRow, exitCode: number, output: string): RowVerdict {
  const lines = output.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');
  if (exitCode === 0) return { row, ok: true, summary: lines.at(-1) ?? 'passed', details: [] };
  const shown = lines.length > OUTPUT_LINES ? [...lines.slice(0, OUTPUT_LINES), `… ${lines.length - OUTPUT_LINES} more lines: run ${row.alone}`] : lines;
  const summary = exitCode === 1 ? `failed; alone: ${row.alone}` : `could not run (exit ${exitCode}); alone: ${row.alone}`;
  return { row, ok: false, summary, details: shown };
}

/** How the lines mark a verdict. */
export type Paint = { ok: (s: string) => string; bad: (s: string) => string };
const PLAIN: Paint = { ok: (s) => s, bad: (s) => s };

// The printed lines of the row numbered `n`: ✓ or ✗, its number, what it checks, the summary; its details indented.
export function rowLines(verdict: RowVerdict, n: number, paint: Paint = PLAIN): string[] {
  return [
    `${verdict.ok ? paint.ok('✓') : paint.bad('✗')} ${n}. ${verdict.row.title}: ${verdict.summary}`,
    ...verdict.details.flatMap((d) => d.split('\n')).map((d) => `    ${d}`),
  ];
}

// The last line of a check: how many rows pass or fail.
export function checkTally(verdicts: readonly RowVerdict[]): string {
  const failed = verdicts.filter((v) => !v.ok).length;
  return failed === 0 ? `check: all ${verdicts.length} rows pass` : `check: ${failed} of ${verdicts.length} rows fail`;
}

// The exit code of a check: 0 when every row passes, 1 when one fails (the course needs a fix).
export function checkExitCode(verdicts: readonly RowVerdict[]): number {
  return verdicts.every((v) => v.ok) ? 0 : 1;
}
