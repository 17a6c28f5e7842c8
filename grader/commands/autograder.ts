import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { autograderLock, type AutograderManifest } from '../autograder/core/autograder-lock.ts';
import { type AutograderOptions, PRIVATE_CASES_DIR, RUN_SCRIPT, runScript, SETUP_SCRIPT, setupScript } from '../autograder/core/autograder-scripts.ts';
import { readInstallLock } from '../autograder/io/install-lock.ts';
import { packPackage } from '../autograder/io/pack-package.ts';
import { writeZip, type ZipEntry } from '../autograder/io/write-zip.ts';
import { coursePackageVersions, type PinningManifest } from '../autograder/core/course-packages.ts';
import { readPrivateCases } from '../course/io/load-course.ts';
import { packageRoot } from '../course/io/package-root.ts';
import { planOrThrow } from '../run/app.ts';
import { loadCourse } from '../run/course-loader.ts';
import { GraderError } from '../run/grader-error.ts';
import { parseSize } from '../sandbox/core/limits.ts';
import { positiveInteger, problemsOf } from './options.ts';

/** Flags of `autograder`. */
export type AutograderArgs = {
  /** Where the zip is written. */
  out: string;
  /** Private case directories (laid out like cases/), copied into the zip's private-cases/. */
  cases: string[];
  stage: string[];
  isolate: boolean;
  timeout?: number;
  memory?: string;
  'max-procs'?: number;
  jobs?: number;
};

// The private cases of every --cases directory, as zip entries under private-cases/<stage>/<name>.json; two files
// with the same stage and name are a problem (one would hide the other).
async function privateCaseEntries(dirs: string[]): Promise<{ entries: ZipEntry[]; problems: string[] }> {
  const seen = new Map<string, string>();
  const entries: ZipEntry[] = [];
  const problems: string[] = [];
  for (const dir of dirs) {
    for (const file of (await readPrivateCases(resolve(dir))).caseFiles) {
      const path = `${PRIVATE_CASES_DIR}/${file.dir}/${basename(file.file)}`;
      const before = seen.get(path);
      if (before) problems.push(`${file.file}: ${before} has the same stage and file name; rename one (the autograder holds one ${PRIVATE_CASES_DIR}/ folder)`);
      else entries.push({ path, bytes: Buffer.from(file.text), isExecutable: false });
      seen.set(path, file.file);
    }
  }
  return { entries, problems };
}

// Every problem with the flags and the course (bundled and private cases, --stage) at once, before anything is packed.
async function checkedInputs(args: AutograderArgs): Promise<{ entries: ZipEntry[] }> {
  const problems = [
    ...problemsOf(() => positiveInteger('timeout', args.timeout)),
    ...problemsOf(() => positiveInteger('max-procs', args['max-procs'])),
    ...problemsOf(() => positiveInteger('jobs', args.jobs)),
    ...(args.memory !== undefined && parseSize(args.memory) === undefined ? [`--memory must be a size such as 512M or 1G, got "${args.memory}"`] : []),
  ];
  const loaded = await loadCourse(packageRoot(), args.cases.map((dir) => resolve(dir))).catch((error: unknown) => {
    if (!(error instanceof GraderError)) throw error;
    problems.push(...error.problems);
    // --stage is still checked, against the bundled course alone.
    return loadCourse(packageRoot());
  });
  problems.push(...problemsOf(() => planOrThrow(loaded, { stages: args.stage, all: args.stage.length === 0 })));
  const { entries, problems: clashes } = await privateCaseEntries(args.cases);
  problems.push(...clashes);
  if (problems.length > 0) throw new GraderError(problems);
  return { entries };
}

// The flags as the scripts bake them in.
function optionsOf(args: AutograderArgs, version: string, tarball: string, hasLock: boolean, hasPrivateCases: boolean): AutograderOptions {
  return {
    version, tarball, hasLock, hasPrivateCases, nodeVersion: process.versions.node, isolate: args.isolate, stages: args.stage,
    ...(args.timeout === undefined ? {} : { timeoutMs: args.timeout }),
    ...(args.memory === undefined ? {} : { memory: args.memory }),
    ...(args['max-procs'] === undefined ? {} : { maxProcs: args['max-procs'] }),
    ...(args.jobs === undefined ? {} : { jobs: args.jobs }),
  };
}

const text = (path: string, content: string, isExecutable = false): ZipEntry => ({ path, bytes: Buffer.from(content), isExecutable });

// `dispatch-lab autograder --out FILE`: a Gradescope autograder zip (setup.sh, run_autograder, a package.json pinning
// this dispatch-lab by its bundled tarball, the lockfile of its packages, the private cases), the grading options baked in.
export async function autograderCommand(args: AutograderArgs): Promise<number> {
  const { entries: cases } = await checkedInputs(args);
  const root = packageRoot();
  const ours = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as PinningManifest & { version: string };
  const { version } = ours;
  const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-autograder-'));
  try {
    const tarball = await packPackage(root, scratch);
    const manifest: AutograderManifest = { name: 'dispatch-lab-autograder', dependencies: { 'dispatch-lab': `file:${tarball.name}`, ...coursePackageVersions(ours) } };
    const installed = await readInstallLock(root);
    const lock = installed && autograderLock(installed.lock, installed.self, manifest, `file:${tarball.name}`);
    const options = optionsOf(args, version, tarball.name, lock !== undefined, cases.length > 0);
    const out = resolve(args.out);
    await writeZip(out, [
      text(SETUP_SCRIPT, setupScript(options), true),
      text(RUN_SCRIPT, runScript(options), true),
      text('package.json', `${JSON.stringify({ ...manifest, private: true, description: `Gradescope autograder: dispatch-lab ${version}` }, null, 2)}\n`),
      ...(lock ? [text('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)] : []),
      { path: tarball.name, bytes: tarball.bytes, isExecutable: false },
      ...cases,
    ]);
    const shown = relative(process.cwd(), out) || out;
    const lockNote = lock ? 'package-lock.json pins its packages' : 'no lockfile found for this install: setup.sh resolves its packages with npm install';
    process.stdout.write([
      `wrote ${shown.startsWith('..') ? out : shown}: dispatch-lab ${version} (bundled as ${tarball.name}; ${lockNote}), ${cases.length} private case${cases.length === 1 ? '' : 's'}`,
      `grading: ${args.stage.length > 0 ? args.stage.map((s) => `--stage ${s}`).join(' ') : '--all'}${args.isolate ? ' --isolate' : ' --no-isolate (the submission can read the private cases)'}${args.timeout === undefined ? '' : ` --timeout ${args.timeout}`}`,
      'next: Gradescope > Configure Autograder > Zip file upload, on an Ubuntu base image (docs/grading.md#autograder)',
      '',
    ].join('\n'));
    return 0;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
