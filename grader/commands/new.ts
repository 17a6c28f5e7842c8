import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCourse } from '../run/course-loader.ts';
import { COMMAND_PATTERN, CONTROL_CHARACTER, STAGE_SLUG_PATTERN } from '../course/core/course.ts';
import { safeText } from '../text/core/safe-text.ts';
import { closest } from '../text/core/closest.ts';
import { COMMANDS } from '../../harness/commands/index.ts';
import { camelCase } from '../course/core/command-skeleton.ts';
import { packageRoot } from '../course/io/package-root.ts';
import { scaffoldCommand } from '../course/io/command-scaffold.ts';
import { caseFileName, caseText, EXAMPLE_RULE, manifestWithStage, placesToFill, stageText, UNFILLED_NOTE, type NewStage } from '../course/core/stage-skeleton.ts';
import { ruleTemplate } from '../course/core/rule-quote.ts';
import { GraderError } from '../run/grader-error.ts';
import { contentRootOf } from './options.ts';

/** Flags of `new stage` and `new case`. */
export type NewArgs = { kind: string; slug: string; name?: string; after?: string; command?: string; export?: string; title?: string; content?: string };

const SLUG = new RegExp(STAGE_SLUG_PATTERN);
const COMMAND = new RegExp(COMMAND_PATTERN);
/** The longest slug, command, title and case name `new` writes: a name becomes a file name, which the file system bounds. */
const MAX_SLUG = 64;
const MAX_TITLE = 200;
const MAX_CASE_FILE = 120;

// Why a name given to `new` cannot be written into the manifest or a path, or undefined when it can.
function nameProblems(args: NewArgs): string[] {
  const shown = (text: string) => safeText(JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text));
  const problems: string[] = [];
  if (args.slug.length > MAX_SLUG) problems.push(`the ${args.kind === 'stage' ? 'slug' : 'stage'} ${shown(args.slug)} is ${args.slug.length} characters long; the most is ${MAX_SLUG}`);
  if (args.command !== undefined && !(COMMAND.test(args.command) && args.command.length <= MAX_SLUG)) problems.push(`--command is a program.ts command: lower-case letters, digits and "-", starting with a letter, at most ${MAX_SLUG} characters; got ${shown(args.command)}`);
  for (const [flag, text] of [['--title', args.title], ['the case name', args.name]] as const) {
    if (text === undefined) continue;
    if (CONTROL_CHARACTER.test(text)) problems.push(`${flag} holds a control character (an escape code a terminal would act on): ${shown(text)}; remove it`);
    if (text.length > MAX_TITLE) problems.push(`${flag} is ${text.length} characters long; the most is ${MAX_TITLE}: say what it checks in fewer words`);
  }
  if (args.kind === 'case' && args.name !== undefined && caseFileName(args.name.trim()).length > MAX_CASE_FILE) problems.push(`the case name makes the file name ${shown(caseFileName(args.name.trim()))}, longer than ${MAX_CASE_FILE} characters: use a shorter name`);
  return problems;
}

// `dispatch-lab new stage <slug> --after <slug>` / `new case <stage> "<name>"`: write the skeleton, never over anything.
export async function newCommand(args: NewArgs): Promise<number> {
  const problems = nameProblems(args);
  if (problems.length > 0) throw new GraderError([...problems, 'nothing was written']);
  if (args.kind === 'stage') return newStage(args);
  if (args.kind === 'case') return newCase(args);
  throw new GraderError([`new makes a "stage" or a "case", not "${args.kind}": npx dispatch-lab new stage <slug> --after <slug>, or npx dispatch-lab new case <stage> "<name>"`]);
}

// An unknown stage slug as a GraderError with the closest known one.
function unknownStage(slug: string, slugs: string[]): GraderError {
  const suggestion = closest(slug, slugs);
  return new GraderError([`unknown stage "${slug}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; the stages are: ${slugs.join(', ')}`]);
}

const EXPORT = /^[a-z][A-Za-z0-9]*$/;

// Why --export does not fit --command, or undefined: an existing command calls the exports its declaration lists, a new
// one takes a fresh camelCase name.
function exportProblem(args: NewArgs): string | undefined {
  if (args.export === undefined) return undefined;
  const existing = COMMANDS.find((c) => c.name === args.command);
  if (existing === undefined && args.command === undefined) return '--export names the solution export of a new --command: give --command <name> too';
  if (existing !== undefined) {
    const names: string[] = existing.exports.map((e) => e.name);
    if (!names.includes(args.export)) return `--export ${args.export}: the existing command "${existing.name}" calls ${names.join(', ')} (harness/commands/${existing.name}.ts); drop --export to use them, or pick a new --command`;
    return undefined;
  }
  if (!EXPORT.test(args.export)) return `--export is a camelCase export name (a lower-case letter, then letters and digits), got ${safeText(JSON.stringify(args.export))}`;
  return undefined;
}

// A new command whose name is one letter or two from an existing one is a typo until --export says it is new.
function nearMiss(command: string, exportName: string | undefined): void {
  const known = COMMANDS.map((c) => c.name);
  const suggestion = closest(command, known);
  if (suggestion === undefined || exportName !== undefined) return;
  throw new GraderError([
    `--command ${command}: program.ts has no command "${command}" (did you mean "${suggestion}"?); its commands are: ${known.join(', ')}`,
    `to add a new command of that name, also name its solution export: --export <name> (docs/authoring.md, "A new command"); nothing was written`,
  ]);
}

// A new stage: its manifest entry after --after (drafted), its text skeleton, one example case; then the places to fill.
async function newStage(args: NewArgs): Promise<number> {
  const root = contentRootOf(args);
  const course = await loadCourse(root);
  const slugs = course.stages.map((s) => s.slug);
  if (!SLUG.test(args.slug)) throw new GraderError([`a stage slug is kebab-case (lower-case words joined by "-"), got ${safeText(JSON.stringify(args.slug))}`]);
  if (args.after === undefined) throw new GraderError(['new stage needs --after <slug>: the stage it comes after in the course']);
  const after = course.stages.find((s) => s.slug === args.after);
  if (!after) throw unknownStage(args.after, slugs);
  const taken = [
    ...(slugs.includes(args.slug) ? [`stage "${args.slug}" is already in stages/stages.json`] : []),
    ...(existsSync(join(root, 'stages', `${args.slug}.md`)) ? [`stages/${args.slug}.md already exists`] : []),
    ...(existsSync(join(root, 'cases', args.slug)) ? [`cases/${args.slug}/ already exists`] : []),
  ];
  if (taken.length > 0) throw new GraderError([...taken, 'nothing was written: pick another slug']);
  const problem = exportProblem(args);
  if (problem !== undefined) throw new GraderError([problem, 'nothing was written']);
  const isNewCommand = args.command !== undefined && !COMMANDS.some((c) => c.name === args.command);
  if (isNewCommand) nearMiss(args.command as string, args.export);
  const stage: NewStage = { slug: args.slug, title: args.title ?? `TODO: the title of ${args.slug}`, command: args.command ?? after.command, after: after.slug };
  const manifestPath = join(root, 'stages', 'stages.json');
  const manifest = manifestWithStage(await readFile(manifestPath, 'utf8'), stage);
  if (!manifest.ok) throw new GraderError([`stages/stages.json: ${manifest.problem}`]);
  // A new command is code beside the harness: checked (nothing there yet) before anything is written.
  const code = isNewCommand ? await scaffoldCommand(packageRoot(), { name: stage.command, stage: stage.slug, exportName: args.export ?? camelCase(stage.command) }) : undefined;
  await writeFile(manifestPath, manifest.text);
  await writeFile(join(root, 'stages', `${stage.slug}.md`), stageText(stage));
  await mkdir(join(root, 'cases', stage.slug));
  await writeFile(join(root, 'cases', stage.slug, 'example.json'), caseText('example', stage.command, EXAMPLE_RULE));
  const written = code === undefined ? [] : await code.write();
  const places = placesToFill(stage, isNewCommand);
  process.stdout.write([
    `added stage ${stage.slug} after ${after.slug} (command ${stage.command}${isNewCommand ? ', new' : ''}, "draft": true):`,
    `  stages/stages.json, stages/${stage.slug}.md, cases/${stage.slug}/example.json`,
    ...(written.length > 0 ? [`  the new command, in ${packageRoot()}: ${written.join(', ')}`] : []),
    `preview it: npx dispatch-lab show ${stage.slug}`,
    'still to fill, each with the command that checks it:',
    `(${UNFILLED_NOTE})`,
    ...places.map((p, i) => `  ${i + 1}. ${p}`),
    '',
  ].join('\n'));
  return 0;
}

// A new case of a stage from the command's input template, "expect": {} for record to fill.
async function newCase(args: NewArgs): Promise<number> {
  const root = contentRootOf(args);
  const course = await loadCourse(root);
  const stage = course.stages.find((s) => s.slug === args.slug);
  if (!stage) throw unknownStage(args.slug, course.stages.map((s) => s.slug));
  const name = (args.name ?? '').trim();
  if (name === '') throw new GraderError(['new case needs a name: npx dispatch-lab new case <stage> "<what the case checks>"']);
  const file = `cases/${stage.slug}/${caseFileName(name)}`;
  const twin = course.cases.find((c) => c.stage === stage.slug && c.name.toLowerCase().replace(/\s+/g, ' ') === name.toLowerCase().replace(/\s+/g, ' '));
  if (twin) throw new GraderError([`stage ${stage.slug} already has a case named "${twin.name}" (${twin.file}): nothing was written`]);
  if (existsSync(join(root, file))) throw new GraderError([`${file} already exists: nothing was written; pick another name`]);
  await mkdir(join(root, 'cases', stage.slug), { recursive: true });
  await writeFile(join(root, file), caseText(name, stage.command, ruleTemplate(stage.slug)));
  process.stdout.write([
    `wrote ${file}`,
    `  1. edit its "input" and "hint", and set its "rule" to the sentence of stages/${stage.slug}.md it pins, word for word (validate reports the placeholder until then)`,
    `  2. npx dispatch-lab record --stage ${stage.slug} --case ${JSON.stringify(caseFileName(name).replace(/\.json$/, ''))}   (fills "expect" from the reference; read what it prints)`,
    `  3. npx dispatch-lab validate && npx dispatch-lab verify --stage ${stage.slug}`,
    '',
  ].join('\n'));
  return 0;
}
