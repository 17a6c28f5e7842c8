import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Selection } from '../run/core/plan.ts';
import { GraderError } from '../run/grader-error.ts';
import { SPARE_SLOTS_PER_JOB } from '../run/core/slots.ts';
import { REPORTERS } from '../reporters/index.ts';
import type { Reporter, RunInfo } from '../reporters/reporter.ts';
import { fileSink, isStdoutTerminal, shouldColor, stderrSink, stdoutSink, terminalColumns, type Sink } from '../text/io/terminal.ts';
import { appendSink } from '../report/io/append-sink.ts';
import { withCiReporters } from './ci-reporters.ts';
import { sourceFilesOf } from '../report/io/source-files.ts';
import { packageRoot } from '../course/io/package-root.ts';
import { parseSize } from '../sandbox/core/limits.ts';

import { DEFAULT_TIMEOUT_MS } from '../run/test-options.ts';

/** The flags every grading command shares. */
export type CommonArgs = {
  dir: string;
  content?: string;
  stage: string[];
  case?: string;
  jobs: number;
  timeout?: number;
  reporter: string[];
  'output-file': string[];
  shard?: string;
  /** --cases DIR (repeatable): extra, private case directories laid out like cases/ (DIR/<stage>/*.json). */
  cases?: string[];
  bail: boolean;
  keep: boolean;
  all: boolean;
  color?: boolean;
  /** --repeat N: grade each case N times and fail the ones whose verdict changes. */
  repeat?: number;
  /** --isolate: each case in its own namespaces; absent: the DISPATCH_LAB_ISOLATE setting decides. */
  isolate?: boolean;
  /** --memory SIZE: per-case memory limit ("512M"). */
  memory?: string;
  /** --max-procs N: per-case process limit. */
  'max-procs'?: number;
};

// Declare the flags every grading command shares.
export function commonOptions<T>(y: Argv<T>) {
  return y
    .option('dir', { type: 'string', default: '.', describe: 'the course directory (holds program.ts)' })
    .option('content', { type: 'string', describe: 'course content root (stages/, cases/); default: the dispatch-lab package', hidden: true })
    .option('stage', { type: 'string', array: true, default: [] as string[], describe: 'grade this stage (repeatable)' })
    .option('case', { type: 'string', describe: 'only cases whose name or file contains this text' })
    .option('jobs', { type: 'number', default: availableParallelism(), describe: `cases run at once; at 2 or more, up to ${SPARE_SLOTS_PER_JOB}× as many again start while the processors sit idle (cases waiting on timers); 1 runs them one by one` })
    .option('timeout', { type: 'number', describe: `per-case timeout in ms (default ${DEFAULT_TIMEOUT_MS}, or the case's own)` })
    .option('reporter', { type: 'string', array: true, default: ['pretty'], describe: `output format (repeatable): ${Object.keys(REPORTERS).join(', ')}` })
    .option('output-file', { type: 'string', array: true, default: [] as string[], describe: 'write a reporter to a file: NAME=PATH (repeatable)' })
    .option('shard', { type: 'string', describe: 'grade every N-th case starting at the I-th: I/N' })
    .option('cases', { type: 'string', array: true, default: [] as string[], describe: 'add a private case directory laid out like cases/ (DIR/<stage>/*.json; repeatable): students see those cases\' names and hints, never their input or expected output' })
    .option('bail', { type: 'boolean', default: false, describe: 'stop at the first failing case' })
    .option('keep', { type: 'boolean', default: false, describe: "keep each case's temp dir and print its path" })
    .option('all', { type: 'boolean', default: false, describe: 'grade every stage, not only up to the first failing one' })
    .option('color', { type: 'boolean', describe: 'force colours on or off (also NO_COLOR / FORCE_COLOR)' })
    .option('repeat', { type: 'number', describe: 'grade each case N times; a case whose verdict changes fails as flaky' })
    .option('isolate', { type: 'boolean', describe: 'run each case in its own user/PID/mount/network namespaces, the grader, the cases and other submissions hidden (for code you do not trust; also DISPATCH_LAB_ISOLATE=1)' })
    .option('memory', { type: 'string', describe: 'memory limit per case, e.g. 512M (default with --isolate: 512M)' })
    .option('max-procs', { type: 'number', describe: 'processes per case at once (default with --isolate: 256)' });
}

// A flag's value as a positive integer, or a GraderError naming the flag.
export function positiveInteger(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) {
    throw new GraderError([`--${name} must be a positive whole number, got ${Number.isNaN(value) ? 'something that is not a number' : String(value)}`]);
  }
  return value;
}

// The problems a GraderError-throwing check raises, or none.
export function problemsOf(check: () => unknown): string[] {
  try {
    check();
    return [];
  } catch (error) {
    if (error instanceof GraderError) return error.problems;
    throw error;
  }
}

// Every problem with the flags' values at once (numbers, --shard, reporters), without opening anything.
export function flagProblems(args: CommonArgs): string[] {
  return [
    ...problemsOf(() => positiveInteger('jobs', args.jobs)),
    ...problemsOf(() => positiveInteger('timeout', args.timeout)),
    ...problemsOf(() => positiveInteger('repeat', args.repeat)),
    ...problemsOf(() => positiveInteger('max-procs', args['max-procs'])),
    ...(args.memory !== undefined && parseSize(args.memory) === undefined ? [`--memory must be a size such as 512M or 1G, got "${args.memory}"`] : []),
    ...problemsOf(() => parseShard(args.shard)),
    ...problemsOf(() => reporterNames(args)),
  ];
}

// --shard I/N as numbers, or a GraderError.
export function parseShard(text: string | undefined): Selection['shard'] {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new GraderError([`--shard must look like I/N with 1 <= I <= N (e.g. 2/4), got "${text}"`]);
  return { index, count };
}

// The reporters a run writes to, each with its sink (stdout unless --output-file names a path for it).
// On GitHub Actions, github (on stdout beside pretty, else on stderr) and its job summary (appended to
// $GITHUB_STEP_SUMMARY) are added: see ci-reporters.ts. Annotations name the course's files from the repository's root.
// `run` (what the json report records of the plan) defaults to what the flags say.
export function openReporters(args: CommonArgs, options: { env?: Record<string, string | undefined>; run?: RunInfo } = {}): { reporters: Reporter[]; sinks: Sink[] } {
  const env = options.env ?? process.env;
  const run = options.run ?? { selection: selectionOf(args), bail: args.bail };
  const { names: named, files } = reporterNames(args);
  const { names, appends, toStderr } = withCiReporters(named, files, env);
  const source = sourceFilesOf(args.dir ?? '.', env, contentRootOf(args));
  const sinks: Sink[] = [];
  const reporters = names.map((name) => {
    const path = files.get(name);
    const appended = appends.get(name);
    const sink = path ? fileSink(resolve(path)) : appended ? appendSink(appended) : toStderr.has(name) ? stderrSink() : stdoutSink();
    sinks.push(sink);
    const toStdout = !path && !appended && !toStderr.has(name);
    return REPORTERS[name]!({ write: sink.write, color: toStdout ? shouldColor(args.color) : false, run, source, ...(toStdout ? { width: terminalColumns(env), isTerminal: isStdoutTerminal() } : {}) });
  });
  return { reporters, sinks };
}

// The reporters the flags name and the file each writes to, or a GraderError naming every bad one.
export function reporterNames(args: CommonArgs): { names: string[]; files: Map<string, string> } {
  const files = new Map<string, string>();
  const problems: string[] = [];
  for (const spec of args['output-file']) {
    const at = spec.indexOf('=');
    if (at < 1) problems.push(`--output-file must look like NAME=PATH (e.g. json=report.json), got "${spec}"`);
    else files.set(spec.slice(0, at), spec.slice(at + 1));
  }
  const names = [...new Set([...args.reporter, ...files.keys()])];
  problems.push(...names.filter((n) => !(n in REPORTERS)).map((n) => `unknown reporter "${n}"; choose from: ${Object.keys(REPORTERS).join(', ')}`));
  if (problems.length > 0) throw new GraderError(problems);
  return { names, files };
}

// The content root: --content, or the course shipped inside the dispatch-lab package.
export function contentRootOf(args: { content?: string | undefined }): string {
  return resolve(args.content ?? packageRoot());
}

// The stage/case selection the flags describe.
export function selectionOf(args: CommonArgs): Selection {
  const selection: Selection = { stages: args.stage, all: args.all, ...(args.case ? { casePattern: args.case } : {}) };
  const shard = parseShard(args.shard);
  if (shard) selection.shard = shard;
  return selection;
}
