import { resolve } from 'node:path';
import pc from 'picocolors';
import { parseJsonText } from '../judge/core/json-errors.ts';
import { INPUT_SCHEMAS } from '../course/core/input-schema.ts';
import { CHECK_ROWS, checkExitCode, checkTally, commandVerdict, rowLines, problemsVerdict, stageFileProblems, undeclaredCommands, type CheckRow, type CheckStage, type RowVerdict } from '../course/core/check-rows.ts';
import { readCourse } from '../course/io/load-course.ts';
import { referenceCourseDir } from '../course/io/reference-course.ts';
import { knownVerdict, mutantsVerdict, runCliChild } from '../course/io/check-runs.ts';
import { GraderError } from '../run/grader-error.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { closest } from '../text/core/closest.ts';
import { contentRootOf } from './options.ts';

/** Flags of `check`. */
export type CheckArgs = { content?: string; dir: string; stage: string[]; mutants?: string; color?: boolean };

// The manifest's stages, or none when it does not parse (the files row and validate then say why).
function manifestStages(text: string): CheckStage[] {
  const parsed = parseJsonText(text);
  const stages = parsed.ok ? (parsed.value as { stages?: unknown } | null)?.stages : undefined;
  return Array.isArray(stages) ? stages.filter((s): s is CheckStage => typeof s?.slug === 'string' && typeof s?.command === 'string') : [];
}

const row = (id: CheckRow['id']): CheckRow => CHECK_ROWS.find((r) => r.id === id) as CheckRow;

// `dispatch-lab check`: every row of the guide's "places a new stage touches" table, each with its verdict: the stage
// texts and case folders, the commands, validate, record --check, verify, the mutants. Exit 0 when every row passes,
// 1 when one fails, 2 when check itself cannot run (a bad flag, an unknown --stage).
export async function checkCommand(args: CheckArgs): Promise<number> {
  const contentRoot = contentRootOf(args);
  const files = await readCourse(contentRoot);
  const all = manifestStages(files.manifest.text);
  const unknown = args.stage.filter((slug) => !all.some((s) => s.slug === slug));
  if (unknown.length > 0) {
    throw new GraderError(unknown.map((slug) => {
      const suggestion = closest(slug, all.map((s) => s.slug));
      return `--stage ${slug}: no such stage${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; see: npx dispatch-lab stages`;
    }));
  }
  const stages = args.stage.length === 0 ? all : all.filter((s) => args.stage.includes(s.slug));
  const referenceDir = referenceCourseDir(args, contentRoot);
  const mutantsDir = resolve(args.mutants ?? resolve(referenceDir, 'test/mutants'));
  const content = ['--content', contentRoot];
  const selected = [...(args.dir === '.' ? [] : ['--dir', resolve(args.dir)]), ...stages.flatMap((s) => ['--stage', s.slug])];
  const colors = pc.createColors(shouldColor(args.color));
  const verdicts: RowVerdict[] = [];
  // Each row is printed as soon as it is judged: the later rows grade the whole selection and take a while.
  const judged = (verdict: RowVerdict): void => {
    verdicts.push(verdict);
    process.stdout.write(`${rowLines(verdict, verdicts.length, { ok: colors.green, bad: colors.red }).join('\n')}\n`);
  };
  judged(problemsVerdict(row('files'), stageFileProblems(stages, files.stageDocs, files.caseDirs), `${stages.length} stages, each with its text and its cases`));
  judged(problemsVerdict(row('commands'), undeclaredCommands(stages, Object.keys(INPUT_SCHEMAS)), `the stages use ${[...new Set(stages.map((s) => s.command))].join(', ')}`));
  const validate = await runCliChild(['validate', ...content]);
  judged(commandVerdict(row('validate'), validate.exitCode, validate.output));
  const record = await runCliChild(['record', '--check', ...content, ...selected]);
  judged(commandVerdict(row('record'), record.exitCode, record.output));
  const verify = await runCliChild(['verify', ...content, ...selected]);
  judged(commandVerdict(row('verify'), verify.exitCode, verify.output));
  judged(await mutantsVerdict(row('mutants'), stages, all, { contentRoot, referenceDir, mutantsDir }));
  judged(await knownVerdict(row('known'), stages, { contentRoot, referenceDir, mutantsDir }));
  process.stdout.write(`${checkTally(verdicts)}\n`);
  return checkExitCode(verdicts);
}
