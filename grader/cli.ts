import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { GraderError } from './run/grader-error.ts';
import { type CommonArgs, commonOptions } from './commands/options.ts';
import type { TestArgs } from './commands/test.ts';
import type { GradeArgs } from './commands/grade.ts';
import type { MergeArgs } from './commands/merge-reports.ts';
import type { UiArgs } from './commands/ui.ts';
import type { AutograderArgs } from './commands/autograder.ts';

// Each command's module is loaded only when that command runs, so `--help` and a watch start stay light.

// Run a command body and turn its outcome into the process exit code; grader faults print one clear block, and the
// report files CI collects whatever happens (`outputFiles`: Gradescope's results.json) are still written with the reason.
async function exitWith(body: () => Promise<number>, outputFiles: string[] = []): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (error) {
    if (error instanceof GraderError) {
      process.stderr.write(`${error.problems.map((p) => `dispatch-lab: ${p}`).join('\n')}\n`);
      if (outputFiles.length > 0) await (await import('./commands/fault-reports.ts')).writeFaultReports(outputFiles, error.problems);
    } else {
      process.stderr.write(`dispatch-lab: internal error: ${(error as Error).stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  }
}

/** The part of yargs' internals this file reaches: the usage instance, which keeps a command's help text. */
type UsageInternals = { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } };

// The command-line entry point.
export async function main(argv: string[]): Promise<void> {
  const parser = yargs(argv);
  // yargs works out a command's whole help text as it starts the command, kept for a handler that shows the help later
  // (about 30 ms of text widths on every run). Here no handler shows it (a failure prints one line): --help works it out.
  (parser as unknown as UsageInternals).getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
  await parser
    .scriptName('dispatch-lab')
    .usage('$0 <command> [options]')
    .command('test', 'grade the course directory', (y) => commonOptions(y).option('watch', { type: 'boolean', default: false, describe: 'rerun when a file changes' }).option('poll', { type: 'boolean', default: false, describe: 'watch by polling (network drives, WSL, containers)' }), (args) => exitWith(async () => (await import('./commands/test.ts')).testCommand(args as unknown as TestArgs), args['output-file']))
    .command('ui', 'the course in the browser: stage texts and live results, rerun on save (a local page)', (y) => commonOptions(y).option('port', { type: 'number', describe: 'listen on this port of 127.0.0.1 (default: a free one)' }).option('open', { type: 'boolean', default: true, describe: 'open the page in the default browser (--no-open: only print its address)' }).option('poll', { type: 'boolean', default: false, describe: 'watch by polling (network drives, WSL, containers)' }), (args) => exitWith(async () => (await import('./commands/ui.ts')).uiCommand(args as unknown as UiArgs)))
    .command('record', 'fill empty expectations ("expect": {}) with the reference\'s outputs', (y) => commonOptions(y).option('check', { type: 'boolean', default: false, describe: 'fail instead of writing when an expectation is stale (CI)' }).option('update', { type: 'boolean', default: false, describe: 'also replace the hand-written expectations of the cases named by --case that differ from the reference (prints the diff)' }).option('force', { type: 'boolean', default: false, describe: 'write every answer the reference gives: replace every differing expectation, fill even when the reference disagrees with recorded ones' }), (args) => exitWith(async () => (await import('./commands/record.ts')).recordCommand(args as unknown as CommonArgs & { check: boolean; update: boolean; force: boolean })))
    .command('stages', 'list the stages with their status from the last run', (y) => y.option('dir', { type: 'string', default: '.' }).option('content', { type: 'string', hidden: true }).option('color', { type: 'boolean' }), (args) => exitWith(async () => (await import('./commands/stages.ts')).stagesCommand(args)))
    .command('show <slug>', "print a stage's instructions", (y) => y.positional('slug', { type: 'string', demandOption: true }).option('content', { type: 'string', hidden: true }).option('color', { type: 'boolean' }), (args) => exitWith(async () => (await import('./commands/show.ts')).showCommand(args)))
    .command('init <target>', 'scaffold a student course directory', (y) => y.positional('target', { type: 'string', demandOption: true }), (args) => exitWith(async () => (await import('./commands/init.ts')).initCommand(args)))
    .command('validate', 'lint the course content: every problem at once, each with its file and JSON path', (y) => y.option('content', { type: 'string', describe: 'check the course under this folder (stages/, cases/) instead of the package\'s' }).option('cases', { type: 'string', array: true, describe: 'also check a private case directory laid out like cases/ (repeatable)' }), (args) => exitWith(async () => (await import('./commands/validate.ts')).validateCommand(args)))
    .command('new <kind> <slug> [name]', 'scaffold course content: new stage <slug> --after <slug> | new case <stage> "<name>"', (y) => y.positional('kind', { type: 'string', choices: ['stage', 'case'], demandOption: true }).positional('slug', { type: 'string', demandOption: true, describe: 'the new stage\'s slug, or the stage a new case belongs to' }).positional('name', { type: 'string', describe: 'the new case\'s name' }).option('after', { type: 'string', describe: 'new stage: the stage it follows' }).option('command', { type: 'string', describe: 'new stage: its program.ts command (default: the --after stage\'s); a new name scaffolds the command' }).option('export', { type: 'string', describe: 'new stage with a new --command: the solution export it calls (default: the command in camelCase)' }).option('title', { type: 'string', describe: 'new stage: its title' }).option('content', { type: 'string', describe: 'the course folder (stages/, cases/) to write into; default: the package\'s' }), (args) => exitWith(async () => (await import('./commands/new.ts')).newCommand(args as unknown as import('./commands/new.ts').NewArgs)))
    .command('check', 'run every row of the guide\'s "places a new stage touches" table, a verdict per row: texts and cases, commands, validate, record --check, verify, mutants', (y) => y.option('content', { type: 'string', describe: 'check the course under this folder (stages/, cases/) instead of the package\'s' }).option('dir', { type: 'string', default: '.', describe: 'the course folder whose program.ts runs the reference (default: the content\'s own, else the package)' }).option('stage', { type: 'string', array: true, default: [] as string[], describe: 'only this stage (repeatable)' }).option('mutants', { type: 'string', describe: 'the mutants folder (<stage>/<bug>.ts); default: test/mutants of the reference\'s folder' }).option('color', { type: 'boolean', describe: 'force colours on or off' }), (args) => exitWith(async () => (await import('./commands/check.ts')).checkCommand(args as unknown as import('./commands/check.ts').CheckArgs)))
    .command('verify', 'check that the reference passes every case and the starter fails every stage', (y) => commonOptions(y), (args) => exitWith(async () => (await import('./commands/verify.ts')).verifyCommand(args as unknown as CommonArgs)))
    .command('grade <submissions..>', 'grade many submissions into a gradebook (JSON, CSV and HTML)', (y) => commonOptions(y).positional('submissions', { type: 'string', array: true, demandOption: true }).option('out', { type: 'string', default: 'gradebook', describe: 'write <out>.json, <out>.csv and <out>.html (<out>-I.* with --shard I/N)' }).option('reporter', { type: 'string', array: true, default: [] as string[], describe: 'also print this reporter for each submission (repeatable)' }).option('output-file', { type: 'string', array: true, default: [] as string[], describe: 'a reporter per submission to files: NAME=PATH with {submission} in PATH, or a directory (repeatable)' }).option('shard', { type: 'string', describe: 'grade the I-th of N shares of the submissions (sorted): I/N' }).option('similarity', { type: 'boolean', describe: 'also compare the submissions\' own code: pairs and clusters that share much of it (<out>-similar.csv, a section of the page)' }).option('similarity-threshold', { type: 'number', describe: 'with --similarity: report pairs from this score up (0 to 1, default 0.5)' }), (args) => exitWith(async () => (await import('./commands/grade.ts')).gradeCommand(args as unknown as GradeArgs)))
    .command('autograder', 'build a Gradescope autograder zip: setup.sh, run_autograder, this dispatch-lab bundled and pinned, the private cases', (y) => y.option('out', { type: 'string', default: 'autograder.zip', describe: 'the zip to write' }).option('cases', { type: 'string', array: true, default: [] as string[], describe: 'a private case directory laid out like cases/ (repeatable), copied into the zip\'s private-cases/' }).option('stage', { type: 'string', array: true, default: [] as string[], describe: 'grade only this stage (repeatable; default: every stage, --all)' }).option('isolate', { type: 'boolean', default: true, describe: 'run each case isolated (--no-isolate: trust the submissions, which can then read the private cases)' }).option('timeout', { type: 'number', describe: 'per-case timeout in ms' }).option('memory', { type: 'string', describe: 'memory limit per case, e.g. 512M' }).option('max-procs', { type: 'number', describe: 'processes per case at once' }).option('jobs', { type: 'number', describe: 'cases run at once (default: one per core of Gradescope\'s machine)' }), (args) => exitWith(async () => (await import('./commands/autograder.ts')).autograderCommand(args as unknown as AutograderArgs)))
    .command('merge-reports <files..>', 'combine the json reports of CI shards (--shard I/N) into one report, then any reporter', (y) => y.positional('files', { type: 'string', array: true, demandOption: true, describe: 'json reports (--reporter json --output-file json=PATH) of every shard of one run' }).option('reporter', { type: 'string', array: true, default: ['pretty'], describe: 'output format (repeatable): pretty, json, junit, github, github-summary, gradescope' }).option('output-file', { type: 'string', array: true, default: [] as string[], describe: 'write a reporter to a file: NAME=PATH (repeatable)' }).option('color', { type: 'boolean', describe: 'force colours on or off (also NO_COLOR / FORCE_COLOR)' }), (args) => exitWith(async () => (await import('./commands/merge-reports.ts')).mergeReportsCommand(args as unknown as MergeArgs)))
    .demandCommand(1, 'name a command, e.g.: npx dispatch-lab test')
    .strict()
    .fail((message, error) => {
      if (error) throw error;
      process.stderr.write(`dispatch-lab: ${message}\nrun: npx dispatch-lab --help\n`);
      process.exit(2);
    })
    .help()
    .version(false)
    .parseAsync();
}

await main(hideBin(process.argv));
