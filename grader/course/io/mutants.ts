// Reading the one-bug mutants of a course's reference and grading each on its stage, as a student's submission is
// graded: the reference's program with the one module swapped for the mutant.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { mutantHeader, type Mutant, type MutantGrade } from '../core/mutants.ts';
import { GraderError } from '../../run/grader-error.ts';
import { loadCourse } from '../../run/course-loader.ts';
import type { Course } from '../core/course.ts';
import { runTests } from '../../run/app.ts';
import { DEFAULT_TIMEOUT_MS, OUTPUT_LIMIT_BYTES, type TestOptions } from '../../run/test-options.ts';
import { REPORTERS } from '../../reporters/index.ts';

// Every mutant under `dir`, by stage folder (each sorted by name); a file without its header is a GraderError.
export function listMutants(dir: string): Map<string, Mutant[]> {
  const byStage = new Map<string, Mutant[]>();
  if (!existsSync(dir)) return byStage;
  const problems: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const files = readdirSync(join(dir, entry.name)).filter((f) => f.endsWith('.ts')).sort();
    const mutants: Mutant[] = [];
    for (const f of files) {
      const file = join(dir, entry.name, f);
      const header = mutantHeader(readFileSync(file, 'utf8'), file);
      if (typeof header === 'string') problems.push(header);
      else mutants.push({ stage: entry.name, name: f.replace(/\.ts$/, ''), file, ...header });
    }
    byStage.set(entry.name, mutants);
  }
  if (problems.length > 0) throw new GraderError(problems);
  return byStage;
}

/** Where a mutant is graded: the course content whose cases judge it, and the course folder of the reference it changes. */
export type MutantSetting = {
  contentRoot: string;
  referenceDir: string;
  /** The program the stage's command runs as: a lean one of the mutants folder (<command>-program.ts) when there is one, else the reference's program.ts. */
  entry: string;
  /** The library of known mistakes the runs look failures up in (TestOptions.knownMistakes); absent: none. */
  knownMistakes?: TestOptions['knownMistakes'];
};

// The program a mutant of a stage with this command runs as.
export function mutantEntry(mutantsDir: string, referenceDir: string, command: string): string {
  const lean = join(mutantsDir, `${command}-program.ts`);
  return existsSync(lean) ? lean : join(referenceDir, 'program.ts');
}

// An esbuild plugin: every relative import of `target` resolves to `replacement`, except the replacement's own.
function swapModule(target: string, replacement: string): esbuild.Plugin {
  return {
    name: 'swap-module',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (args.importer !== replacement && resolve(args.resolveDir, args.path) === target ? { path: replacement } : undefined));
    },
  };
}

/** Bundle `entry` into `outfile` with `replacement` swapped in for `target` (absolute paths); the files bundled. */
export async function bundleSwapped(entry: string, outfile: string, target: string, replacement: string, root: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    metafile: true,
    absWorkingDir: root,
    plugins: [swapModule(target, replacement)],
  });
  return Object.keys(result.metafile.inputs).map((input) => resolve(root, input));
}

// Grade the swapped course on `stage` (only cases matching `only`, when given; `content` a content root or a course
// already loaded) in this process, as `dispatch-lab test --stage <stage> --jobs 2` grades it (runTests, the same build
// and runs): a child CLI per mutant cost more than most of the cases it graded. The output is what the pretty reporter prints, for the problem's message.
async function gradeOnce(courseDir: string, content: string | Course, stage: string, only?: string, knownMistakes?: TestOptions['knownMistakes']): Promise<MutantGrade> {
  let output = '';
  try {
    const course = typeof content === 'string' ? await loadCourse(content) : content;
    const reporters = [REPORTERS.pretty!({ write: (text) => void (output += text), color: false, width: 10_000 })];
    const { report } = await runTests({
      course,
      courseDir,
      selection: { stages: [stage], all: false, ...(only === undefined ? {} : { casePattern: only }) },
      jobs: 2,
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      outputLimitBytes: OUTPUT_LIMIT_BYTES,
      bail: false,
      keep: false,
      reporters,
      ...(knownMistakes ? { knownMistakes } : {}),
    });
    const cases = report.stages.filter((s) => s.stage.slug === stage).flatMap((s) => s.cases);
    const failed = cases.filter((c) => c.verdict.status !== 'pass').map((c) => c.case.file.replace(/^.*\//, '').replace(/\.json$/, ''));
    return { exitCode: report.stages.some((s) => s.status === 'fail') ? 1 : 0, failed, total: cases.length, output };
  } catch (error) {
    if (!(error instanceof GraderError)) throw error;
    return { exitCode: 2, failed: [], total: 0, output: `${output}${error.problems.join('\n')}\n` };
  }
}

// Grades a mutant on its stage: first only each case its header names, stopping at the first seen failing (that is
// what must hold); when none fails, the whole stage, so that the problem says which cases (if any) do catch it.
export async function gradeMutant(mutant: Mutant, setting: MutantSetting): Promise<MutantGrade> {
  const base = await mkdtemp(join(tmpdir(), `dispatch-lab-mutant-${mutant.name}-`));
  try {
    const courseDir = join(base, 'course');
    await mkdir(courseDir);
    const target = join(setting.referenceDir, mutant.replaces);
    const inputs = await bundleSwapped(setting.entry, join(courseDir, 'swapped.mjs'), target, mutant.file, setting.referenceDir);
    if (!inputs.includes(mutant.file) || inputs.includes(target)) throw new GraderError([`${mutant.file}: ${mutant.replaces} was not swapped for it (is that module imported by ${setting.entry}?): correct its "// Replaces:" line`]);
    await writeFile(join(courseDir, 'program.ts'), `// ${mutant.stage}/${mutant.name}: ${mutant.replaces} swapped for the mutant.\nimport './swapped.mjs';\n`);
    // The program's packages, and the course's own helpers its cases start by a relative path (the MCP stage's servers).
    for (const shared of ['node_modules', 'harness']) {
      if (existsSync(join(setting.referenceDir, shared))) await symlink(join(setting.referenceDir, shared), join(courseDir, shared));
    }
    // The named cases alone, in a course of this one stage: loading the whole course would cost more than the case.
    const named = await loadCourse(await namedCourse(setting.contentRoot, mutant, join(base, 'content')));
    for (const name of mutant.caughtBy) {
      const grade = await gradeOnce(courseDir, named, mutant.stage, name, setting.knownMistakes);
      if (grade.failed.includes(name)) return grade;
    }
    return await gradeOnce(courseDir, setting.contentRoot, mutant.stage, undefined, setting.knownMistakes);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

// A content root holding only the mutant's stage (its manifest entry and text) and the case files its header names.
async function namedCourse(contentRoot: string, mutant: Mutant, dir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(contentRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string }[] };
  await mkdir(join(dir, 'stages'), { recursive: true });
  await mkdir(join(dir, 'cases', mutant.stage), { recursive: true });
  await writeFile(join(dir, 'stages/stages.json'), JSON.stringify({ ...manifest, stages: manifest.stages.filter((s) => s.slug === mutant.stage) }));
  for (const file of [`stages/${mutant.stage}.md`, 'cases/case.schema.json', ...mutant.caughtBy.map((name) => `cases/${mutant.stage}/${name}.json`)]) {
    if (existsSync(join(contentRoot, file))) await copyFile(join(contentRoot, file), join(dir, file));
  }
  return dir;
}
