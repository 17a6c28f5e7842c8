// The grading part of `npm run bench`: how long `grade` takes for a class, measured on COPIES copies of the reference
// (each its own submission folder), graded plainly, then with --isolate under each launcher the machine has
// (bubblewrap, util-linux unshare: DISPATCH_LAB_ISOLATE_WITH), one after the other. Each run's own
// throughput line ("graded N submissions (M cases) in …: X submissions/min, Y cases/s") is read back, and the figure is
// turned into what a teacher plans with: minutes for a class of 30 and of 200 on one machine of this kind.
import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The heading of this part's section of bench/RESULTS.md. */
export const GRADING_HEADING = '## Grading a class';
const SECTION = GRADING_HEADING;

/** The ways a class is graded: plainly, and isolated by each launcher. */
const MODES = [
  { label: '', flags: [], launcher: undefined },
  { label: ', --isolate (bubblewrap)', flags: ['--isolate'], launcher: 'bwrap', target: 1.1 },
  { label: ', --isolate (util-linux unshare)', flags: ['--isolate'], launcher: 'unshare', target: 1.25 },
];

// Run `grade` over the copies; resolves with its wall time, exit code and throughput line.
function grade(cli, submissions, out, flags, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'grade', ...submissions, '--out', out, ...flags], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ wall: performance.now() - started, code, line: /^graded \d+ submissions?.*$/m.exec(stdout)?.[0], stderr }));
  });
}

// Minutes, for planning.
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

// A class as a grading machine holds it: one folder, readable by every user (cases run as nobody when the grader is
// root), with the course's packages installed in it and each submission a folder inside it with program.ts, harness/,
// reference/ and a package.json, loading packages from the node_modules above it, as a submission does under --isolate.
async function makeClass(root, copies) {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-class-'));
  await chmod(dir, 0o755);
  await cp(join(root, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  const dirs = [];
  for (let i = 1; i <= copies; i++) {
    const submission = join(dir, `submission-${String(i).padStart(3, '0')}`);
    await mkdir(submission, { mode: 0o755 });
    for (const part of ['program.ts', 'harness', 'reference']) await cp(join(root, part), join(submission, part), { recursive: true });
    await writeFile(join(submission, 'package.json'), '{ "private": true, "type": "module" }\n');
    dirs.push(submission);
  }
  return { dir, dirs };
}

// Grade `copies` copies of the reference, plainly and isolated; the rows of the section's table.
export async function gradingBench({ cli, root, jobs, copies, stages, env }) {
  const { dir: classDir, dirs } = await makeClass(root, copies);
  const outDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-book-'));
  const rows = [];
  // The plain run's wall time, which the isolated runs are set against.
  let plainWall;
  try {
    for (const mode of MODES) {
      const flags = ['--jobs', String(jobs), ...stages.flatMap((s) => ['--stage', s]), ...mode.flags];
      const modeEnv = mode.launcher ? { ...env, DISPATCH_LAB_ISOLATE_WITH: mode.launcher } : env;
      const run = await grade(cli, dirs, join(outDir, mode.launcher ?? 'plain'), flags, modeEnv);
      const label = `grade ${copies} copies of the reference${mode.label}`;
      if (run.code !== 0 || !run.line) {
        rows.push([label, 'n/a', '', `exit ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`.slice(0, 120), '', '', '']);
        continue;
      }
      if (mode.target === undefined) plainWall = run.wall;
      const perSubmission = run.wall / copies;
      const rates = run.line.replace(/^.*: /, '');
      const vsPlain = mode.target === undefined ? '1.00×' : plainWall === undefined ? 'n/a (the plain run failed)' : `${(run.wall / plainWall).toFixed(2)}× (target ≤ ${mode.target.toFixed(2)}×: ${run.wall / plainWall <= mode.target ? 'met' : 'missed'})`;
      rows.push([label, `${(run.wall / 1000).toFixed(1)} s`, vsPlain, `${Math.round(3_600_000 / perSubmission)}`, rates, minutes(perSubmission * 30), minutes(perSubmission * 200)]);
      console.log(`${label}: ${run.line}`);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await rm(classDir, { recursive: true, force: true });
  }
  return rows;
}

// The section of bench/RESULTS.md for the grading figures.
export function gradingSection({ rows, table, about, copies, jobs, caseCount, stages, when }) {
  const part = stages.length > 0 ? ` (stages ${stages.join(', ')} only: BENCH_STAGES)` : ' (the whole course)';
  return `${SECTION}\n\nWritten by scripts/bench.mjs (its grading part) on ${when}; ${copies} copies of the reference, ${caseCount} cases each${part}, --jobs ${jobs}, one machine.\n\n${table(rows)}\n\nSubmissions per hour, and the class of 30 and of 200, are the per-submission time of that run multiplied out on this one machine. Machine: ${about.join(' · ')}.\n`;
}
