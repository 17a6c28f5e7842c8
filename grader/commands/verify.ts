import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pc from 'picocolors';
import type { Course } from '../course/core/course.ts';
import type { Case, StageResult } from '../course/core/types.ts';
import type { Selection } from '../run/core/plan.ts';
import { loadCourse } from '../run/course-loader.ts';
import { planOrThrow, runTests, type TestOptions } from '../run/app.ts';
import { GraderError } from '../run/grader-error.ts';
import { packageRoot } from '../course/io/package-root.ts';
import { referenceCourseDir } from '../course/io/reference-course.ts';
import { scaffoldCourse } from '../course/io/scaffold.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { failureDetails } from '../reporters/failure-details.ts';
import { verifyLines, type StagePair } from '../course/core/verify-lines.ts';
import { starterStubs } from '../course/core/starter-stubs.ts';
import { workedExampleCase } from '../course/core/worked-example.ts';
import { type CommonArgs, contentRootOf, flagProblems, openReporters, selectionOf } from './options.ts';
import { testOptionsOf } from './test-args.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';

// The flags verify cannot honour, each with why.
function unsupportedFlags(args: CommonArgs): string[] {
  const problems: string[] = [];
  if (args.bail) problems.push('verify does not take --bail: it grades every selected case against the reference and the starter');
  if (args['output-file'].some((spec) => spec.startsWith('pretty='))) problems.push('verify prints its own summary on stdout: --output-file takes json, junit or github here (the reference run)');
  return problems;
}

// Grade one course directory on the selection; `reporters` see the run (the reference run only).
async function grade(base: TestOptions, courseDir: string, course: Course, selection: Selection, reporters: TestOptions['reporters'] = []): Promise<StageResult[]> {
  const { report } = await runTests({ ...base, course, courseDir, selection, reporters });
  return report.stages;
}

// The stubs the package's starter declares (every `new NotImplementedError('…')` under starter/src).
async function readStarterStubs(): Promise<string[]> {
  const dir = join(packageRoot(), 'starter', 'src');
  const names = (await readdir(dir, { recursive: true })).map(String).filter((n) => n.endsWith('.ts')).sort();
  return starterStubs(await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8'))));
}

// The worked example of each selected stage as a case, and the stages whose example cannot be read.
async function workedExamples(contentRoot: string, slugs: string[]): Promise<{ cases: Case[]; problems: Map<string, string> }> {
  const cases: Case[] = [];
  const problems = new Map<string, string>();
  for (const slug of slugs) {
    const text = await readFile(join(contentRoot, 'stages', `${slug}.md`), 'utf8').catch(() => undefined);
    const found = text === undefined ? { ok: false as const } : workedExampleCase(slug, text);
    if (found.ok) cases.push(found.case);
    else if (found.problem) problems.set(slug, found.problem);
  }
  return { cases, problems };
}

// `dispatch-lab verify`: on the selected cases the reference passes, a fresh starter fails at its stubs, and each stage
// text's worked example prints what the reference prints. --reporter json|junit|github report the reference run.
export async function verifyCommand(args: CommonArgs): Promise<number> {
  const problems = [...flagProblems(args), ...unsupportedFlags(args)];
  if (problems.length > 0) throw new GraderError(problems);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot, args.cases ?? []);
  const selection: Selection = { ...selectionOf(args), all: true };
  const plan = planOrThrow(course, selection);
  const courseDir = referenceCourseDir(args, contentRoot);
  const base = { ...testOptionsOf(args, course, []), ...(await sandboxOptionsOf(args, contentRoot, [courseDir])) };
  const { reporters, sinks } = openReporters({ ...args, reporter: args.reporter.filter((name) => name !== 'pretty') });
  let pairs: StagePair[];
  try {
    const reference = await grade(base, courseDir, course, selection, reporters);
    const starter = await gradeStarter(base, course, selection);
    const slugs = plan.stages.map((s) => s.stage.slug);
    // A --case or --shard selection checks cases, not stage texts.
    const examples = args.case === undefined && args.shard === undefined ? await workedExamples(contentRoot, slugs) : { cases: [], problems: new Map<string, string>() };
    const exampleResults = examples.cases.length > 0 ? await grade(base, courseDir, { stages: course.stages, cases: examples.cases }, { stages: slugs, all: true }) : [];
    pairs = reference.map((r, i) => {
      const example = exampleResults.find((s) => s.stage.slug === r.stage.slug)?.cases[0];
      const problem = examples.problems.get(r.stage.slug);
      return { reference: r, starter: starter[i] as StageResult, ...(example ? { example } : {}), ...(problem ? { exampleProblem: problem } : {}) };
    });
  } finally {
    for (const sink of sinks) sink.close();
  }
  if (!args.reporter.includes('pretty')) return pairs.some((p) => p.reference.status === 'fail') ? 1 : 0;
  const colors = pc.createColors(shouldColor(args.color));
  const paint = { dim: colors.dim, red: colors.red, green: colors.green, yellow: colors.yellow, bold: colors.bold };
  const view = { ok: colors.green, bad: colors.red, details: (result: Parameters<typeof failureDetails>[0], stage: Parameters<typeof failureDetails>[1]) => failureDetails(result, stage, paint) };
  const { lines, surprises } = verifyLines(pairs, view, { stubs: await readStarterStubs() });
  process.stdout.write(`${lines.join('\n')}\n`);
  return surprises > 0 ? 1 : 0;
}

// A fresh starter, scaffolded from the package into a temp dir, graded on the selection.
async function gradeStarter(base: TestOptions, course: Course, selection: Selection): Promise<StageResult[]> {
  const starterDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-starter-'));
  try {
    await scaffoldCourse(packageRoot(), starterDir, { versions: { graderSpec: '*', dependencies: {}, devDependencies: {} }, readme: '' });
    return await grade(base, starterDir, course, selection);
  } finally {
    await rm(starterDir, { recursive: true, force: true });
  }
}
