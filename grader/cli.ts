import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { GraderError } from './grader-error.ts';
import { type CommonArgs, commonOptions } from './commands/options.ts';
import type { TestArgs } from './commands/test.ts';
import type { GradeArgs } from './commands/grade.ts';

// Each command's module is loaded only when that command runs, so `--help` and a watch start stay light.

// Run a command body and turn its outcome into the process exit code; grader faults print one clear block.
async function exitWith(body: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (error) {
    if (error instanceof GraderError) {
      process.stderr.write(`${error.problems.map((p) => `dispatch-lab: ${p}`).join('\n')}\n`);
    } else {
      process.stderr.write(`dispatch-lab: internal error: ${(error as Error).stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  }
}

// The command-line entry point.
export async function main(argv: string[]): Promise<void> {
  await yargs(argv)
    .scriptName('dispatch-lab')
    .usage('$0 <command> [options]')
    .command('test', 'grade the course directory', (y) => commonOptions(y).option('watch', { type: 'boolean', default: false, describe: 'rerun when a file changes' }).option('poll', { type: 'boolean', default: false, describe: 'watch by polling (network drives, WSL, containers)' }), (args) => exitWith(async () => (await import('./commands/test.ts')).testCommand(args as unknown as TestArgs)))
    .command('record', "write the reference's outputs into the case files", (y) => commonOptions(y).option('check', { type: 'boolean', default: false, describe: 'fail instead of writing when an expectation is stale (CI)' }), (args) => exitWith(async () => (await import('./commands/record.ts')).recordCommand(args as unknown as CommonArgs & { check: boolean })))
    .command('stages', 'list the stages with their status from the last run', (y) => y.option('dir', { type: 'string', default: '.' }).option('content', { type: 'string', hidden: true }).option('color', { type: 'boolean' }), (args) => exitWith(async () => (await import('./commands/stages.ts')).stagesCommand(args)))
    .command('show <slug>', "print a stage's instructions", (y) => y.positional('slug', { type: 'string', demandOption: true }).option('content', { type: 'string', hidden: true }).option('color', { type: 'boolean' }), (args) => exitWith(async () => (await import('./commands/show.ts')).showCommand(args)))
    .command('init <target>', 'scaffold a student course directory', (y) => y.positional('target', { type: 'string', demandOption: true }), (args) => exitWith(async () => (await import('./commands/init.ts')).initCommand(args)))
    .command('validate', 'lint the course content', (y) => y.option('content', { type: 'string', hidden: true }), (args) => exitWith(async () => (await import('./commands/validate.ts')).validateCommand(args)))
    .command('verify', 'check that the reference passes every case and the starter fails every stage', (y) => commonOptions(y), (args) => exitWith(async () => (await import('./commands/verify.ts')).verifyCommand(args as unknown as CommonArgs)))
    .command('grade <submissions..>', 'grade many submissions into a gradebook (JSON and CSV)', (y) => commonOptions(y).positional('submissions', { type: 'string', array: true, demandOption: true }).option('out', { type: 'string', default: 'gradebook', describe: 'write <out>.json and <out>.csv' }), (args) => exitWith(async () => (await import('./commands/grade.ts')).gradeCommand(args as unknown as GradeArgs)))
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
