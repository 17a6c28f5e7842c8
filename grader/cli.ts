import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import type { Selection } from './core/plan.ts';
import { GraderError } from './grader-error.ts';
import { loadCourse } from './course-loader.ts';
import { runTests } from './app.ts';
import { REPORTERS } from './reporters/index.ts';
import type { Reporter } from './reporters/reporter.ts';
import { fileSink, shouldColor, stdoutSink, type Sink } from './io/terminal.ts';
import { packageRoot } from './io/package-root.ts';
import { recordCases } from './record.ts';

const DEFAULT_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT_BYTES = 1024 * 1024;

type CommonArgs = {
  dir: string;
  content?: string;
  stage: string[];
  case?: string;
  jobs: number;
  timeout?: number;
  reporter: string[];
  'output-file': string[];
  shard?: string;
  bail: boolean;
  keep: boolean;
  all: boolean;
  color?: boolean;
};

function commonOptions<T>(y: Argv<T>) {
  return y
    .option('dir', { type: 'string', default: '.', describe: 'the course directory (holds program.ts)' })
    .option('content', { type: 'string', describe: 'course content root (stages/, cases/); default: the dispatch-lab package', hidden: true })
    .option('stage', { type: 'string', array: true, default: [] as string[], describe: 'grade this stage (repeatable)' })
    .option('case', { type: 'string', describe: 'only cases whose name or file contains this text' })
    .option('jobs', { type: 'number', default: availableParallelism(), describe: 'cases run at once' })
    .option('timeout', { type: 'number', describe: `per-case timeout in ms (default ${DEFAULT_TIMEOUT_MS}, or the case's own)` })
    .option('reporter', { type: 'string', array: true, default: ['pretty'], describe: `output format (repeatable): ${Object.keys(REPORTERS).join(', ')}` })
    .option('output-file', { type: 'string', array: true, default: [] as string[], describe: 'write a reporter to a file: NAME=PATH (repeatable)' })
    .option('shard', { type: 'string', describe: 'grade every N-th case starting at the I-th: I/N' })
    .option('bail', { type: 'boolean', default: false, describe: 'stop at the first failing case' })
    .option('keep', { type: 'boolean', default: false, describe: "keep each case's temp dir and print its path" })
    .option('all', { type: 'boolean', default: false, describe: 'grade every stage, not only up to the first failing one' })
    .option('color', { type: 'boolean', describe: 'force colours on or off (also NO_COLOR / FORCE_COLOR)' });
}

function positiveInteger(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw new GraderError([`--${name} must be a positive whole number, got ${String(value)}`]);
  return value;
}

function parseShard(text: string | undefined): Selection['shard'] {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new GraderError([`--shard must look like I/N with 1 <= I <= N (e.g. 2/4), got "${text}"`]);
  return { index, count };
}

// The reporters a run writes to, each with its sink (stdout unless --output-file names a path for it).
function openReporters(args: CommonArgs): { reporters: Reporter[]; sinks: Sink[] } {
  const files = new Map<string, string>();
  for (const spec of args['output-file']) {
    const at = spec.indexOf('=');
    if (at < 1) throw new GraderError([`--output-file must look like NAME=PATH (e.g. json=report.json), got "${spec}"`]);
    files.set(spec.slice(0, at), spec.slice(at + 1));
  }
  const names = [...new Set([...args.reporter, ...files.keys()])];
  const unknown = names.filter((n) => !(n in REPORTERS));
  if (unknown.length > 0) throw new GraderError(unknown.map((n) => `unknown reporter "${n}"; choose from: ${Object.keys(REPORTERS).join(', ')}`));
  const sinks: Sink[] = [];
  const reporters = names.map((name) => {
    const path = files.get(name);
    const sink = path ? fileSink(resolve(path)) : stdoutSink();
    sinks.push(sink);
    return REPORTERS[name]!({ write: sink.write, color: path ? false : shouldColor(args.color) });
  });
  return { reporters, sinks };
}

async function testCommand(args: CommonArgs): Promise<number> {
  const selection: Selection = { stages: args.stage, all: args.all, ...(args.case ? { casePattern: args.case } : {}) };
  const shard = parseShard(args.shard);
  if (shard) selection.shard = shard;
  const jobs = positiveInteger('jobs', args.jobs) ?? 1;
  const timeoutMs = positiveInteger('timeout', args.timeout);
  const course = await loadCourse(resolve(args.content ?? packageRoot()));
  const { reporters, sinks } = openReporters(args);
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const { report, cancelled } = await runTests({
      course,
      courseDir: resolve(args.dir),
      selection,
      jobs,
      ...(timeoutMs ? { timeoutMs } : {}),
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      outputLimitBytes: OUTPUT_LIMIT_BYTES,
      bail: args.bail,
      keep: args.keep,
      reporters,
      signal: abort.signal,
      onKeptDir: (path) => process.stderr.write(`kept: ${path}\n`),
    });
    if (cancelled) return 130;
    return report.stages.some((s) => s.status === 'fail') ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    for (const sink of sinks) sink.close();
  }
}

async function recordCommand(args: CommonArgs & { check: boolean }): Promise<number> {
  const contentRoot = resolve(args.content ?? packageRoot());
  const course = await loadCourse(contentRoot);
  const selection: Selection = { stages: args.stage, all: true, ...(args.case ? { casePattern: args.case } : {}) };
  const outcomes = await recordCases({ course, contentRoot, referenceDir: resolve(args.dir === '.' ? contentRoot : args.dir), selection, jobs: positiveInteger('jobs', args.jobs) ?? 1, check: args.check });
  const changed = outcomes.filter((o) => o.status !== 'unchanged');
  for (const o of changed) process.stdout.write(`${o.status.padEnd(12)} ${o.file}${o.detail ? `\n             ${o.detail.split('\n').join('\n             ')}` : ''}\n`);
  process.stdout.write(`${outcomes.length - changed.length} unchanged, ${changed.filter((o) => o.status === 'recorded').length} recorded, ${changed.filter((o) => o.status === 'stale').length} stale, ${changed.filter((o) => o.status === 'unrecordable').length} unrecordable\n`);
  if (changed.some((o) => o.status === 'unrecordable')) return 2;
  return changed.some((o) => o.status === 'stale') ? 1 : 0;
}

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
    .command('test', 'grade the course directory', (y) => commonOptions(y), (args) => exitWith(() => testCommand(args as unknown as CommonArgs)))
    .command('record', "write the reference's outputs into the case files", (y) => commonOptions(y).option('check', { type: 'boolean', default: false, describe: 'fail instead of writing when an expectation is stale (CI)' }), (args) => exitWith(() => recordCommand(args as unknown as CommonArgs & { check: boolean })))
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
