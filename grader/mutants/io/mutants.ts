// Reading the one-bug mutants of a course's reference (patches) and grading each on its stage, as a student's submission
// is graded: the reference's program with the one module patched.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { mutantHeader, type Mutant, type MutantGrade } from '../core/mutants.ts';
import { patchedFile, patchedSource } from '../core/mutant-patch.ts';
import { GraderError } from '../../run/grader-error.ts';
import { loadCourse } from '../../run/course-loader.ts';
import type { Course } from '../../course/core/course.ts';
import { runTests } from '../../run/app.ts';
import { DEFAULT_TIMEOUT_MS, OUTPUT_LIMIT_BYTES, type TestOptions } from '../../run/test-options.ts';
import { REPORTERS } from '../../reporters/index.ts';

// Every mutant under `dir` (`<stage>/<name>.patch`), by stage folder (folders and files sorted by name); a patch without
// its header or its diff is a GraderError.
export function listMutants(dir: string): Map<string, Mutant[]> {
  const byStage = new Map<string, Mutant[]>();
  if (!existsSync(dir)) return byStage;
  const problems: string[] = [];
  const folders = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const stage of folders) {
    const mutants: Mutant[] = [];
    for (const f of readdirSync(join(dir, stage)).filter((name) => name.endsWith('.patch')).sort()) {
      const file = join(dir, stage, f);
      const patch = readFileSync(file, 'utf8');
      const header = mutantHeader(patch, file);
      const replaces = patchedFile(patch);
      if (typeof header === 'string') problems.push(header);
      else if (replaces === undefined) problems.push(`${file}: no diff after the header: add the unified diff of the one reference file it changes (diff -u)`);
      else mutants.push({ stage, name: f.replace(/\.patch$/, ''), file, replaces, patch, ...header });
    }
    byStage.set(stage, mutants);
  }
  if (problems.length > 0) throw new GraderError(problems);
  return byStage;
}

// The text of the reference file a mutant changes, with its patch applied; a GraderError when the patch no longer applies.
export async function mutantSource(mutant: Mutant, referenceDir: string): Promise<string> {
  const original = await readFile(join(referenceDir, mutant.replaces), 'utf8').catch(() => undefined);
  if (original === undefined) throw new GraderError([`${mutant.file}: its diff changes ${mutant.replaces}, which the reference does not have: remake the patch against a file of reference/`]);
  const patched = patchedSource(mutant.patch, original, mutant.file);
  if (!patched.ok) throw new GraderError([patched.problem]);
  return patched.text;
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

/** What stands in for the swapped module: another file (a feedback variant), or the module's own text changed (a mutant's patch applied). */
export type Swap = { file: string } | { text: string };

// An esbuild plugin: every relative import of `target` resolves to the replacement file, except the replacement's own;
// or `target` itself is loaded with the given text (its own imports resolve from its folder, as before).
function swapModule(target: string, swap: Swap): esbuild.Plugin {
  return {
    name: 'swap-module',
    setup(build) {
      if ('file' in swap) {
        build.onResolve({ filter: /^\.\.?\// }, (args) => (args.importer !== swap.file && resolve(args.resolveDir, args.path) === target ? { path: swap.file } : undefined));
      } else {
        const exactly = new RegExp(`^${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        build.onLoad({ filter: exactly }, () => ({ contents: swap.text, loader: 'ts', resolveDir: dirname(target) }));
      }
    },
  };
}

/** Bundle `entry` into `outfile` with `swap` standing in for `target` (absolute paths); the files bundled. */
export async function bundleSwapped(entry: string, outfile: string, target: string, swap: Swap, root: string): Promise<string[]> {
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
    plugins: [swapModule(target, swap)],
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
    const inputs = await bundleSwapped(setting.entry, join(courseDir, 'swapped.mjs'), target, { text: await mutantSource(mutant, setting.referenceDir) }, setting.referenceDir);
    if (!inputs.includes(target)) throw new GraderError([`${mutant.file}: its diff changes ${mutant.replaces}, which ${setting.entry} does not import: patch a module the stage's program runs`]);
    await writeFile(join(courseDir, 'program.ts'), `// ${mutant.stage}/${mutant.name}: ${mutant.replaces} with the mutant's patch.\nimport './swapped.mjs';\n`);
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
