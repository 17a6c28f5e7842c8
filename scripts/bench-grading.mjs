// The grading part of `npm run bench`: how long `grade` takes for a class, measured on COPIES copies of the reference
// (each its own submission folder), graded plainly, then with --isolate under each launcher the machine has
// (bubblewrap, util-linux unshare: DISPATCH_LAB_ISOLATE_WITH), one after the other. Each run's own
// throughput line ("graded N submissions (M cases) in …: X submissions/min, Y cases/s") is read back, and the figure is
// turned into what a teacher plans with: minutes for a class of 30 and of 200 on one machine of this kind. The machine's
// busy processor time is read around each run; and for each launcher, what isolating one case costs before the case
// does anything (scripts/bench-isolation-floor.ts): times the cases of a submission, the least an isolated run can cost.
import { execFileSync, spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyMs } from './machine-busy.mjs';

/** The heading of this part's section of bench/RESULTS.md. */
export const GRADING_HEADING = '## Grading a class';
const SECTION = GRADING_HEADING;

/** The ways a class is graded: plainly, and isolated by each launcher. */
const MODES = [
  { label: '', flags: [], launcher: undefined },
  { label: ', --isolate (bubblewrap)', flags: ['--isolate'], launcher: 'bwrap', target: 1.1 },
  { label: ', --isolate (util-linux unshare)', flags: ['--isolate'], launcher: 'unshare', target: 1.25 },
];

// Run `grade` over the copies; resolves with its wall time, the machine's busy time meanwhile, exit code and throughput line.
function grade(cli, submissions, out, flags, env) {
  return new Promise((resolve, reject) => {
    const busyAtStart = busyMs();
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'grade', ...submissions, '--out', out, ...flags], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = performance.now() - started;
      const busy = busyAtStart === undefined ? undefined : busyMs() - busyAtStart;
      resolve({ wall, busy, code, line: /^graded \d+ submissions?.*$/m.exec(stdout)?.[0], stderr });
    });
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

// What isolating one case costs the machine under `launcher` (bench-isolation-floor.ts, in the class's first submission):
// busy processor time per isolated /bin/true and per plain one, in ms; undefined when the probe fails.
function isolationFloor(root, submission, launcher, env) {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-isolation-floor.ts')], {
      cwd: root,
      env: { ...env, DISPATCH_LAB_ISOLATE_WITH: launcher, SUBMISSION: submission, ROUNDS: '200' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return JSON.parse(out.toString());
  } catch {
    return undefined;
  }
}

// Grade `copies` copies of the reference, plainly and isolated; the rows of the section's table, and the floor rows
// (one per launcher: what isolating a case costs, and the least an isolated run can cost against the plain one).
export async function gradingBench({ cli, root, jobs, copies, stages, env, caseCount }) {
  const { dir: classDir, dirs } = await makeClass(root, copies);
  const outDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-book-'));
  const rows = [];
  const floorRows = [];
  // The plain run's wall and busy time, which the isolated runs are set against.
  let plain;
  try {
    for (const mode of MODES) {
      const flags = ['--jobs', String(jobs), ...stages.flatMap((s) => ['--stage', s]), ...mode.flags];
      const modeEnv = mode.launcher ? { ...env, DISPATCH_LAB_ISOLATE_WITH: mode.launcher } : env;
      const run = await grade(cli, dirs, join(outDir, mode.launcher ?? 'plain'), flags, modeEnv);
      const label = `grade ${copies} copies of the reference${mode.label}`;
      if (run.code !== 0 || !run.line) {
        rows.push([label, 'n/a', '', '', `exit ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`.slice(0, 120), '', '', '']);
        continue;
      }
      if (mode.target === undefined) plain = run;
      const perSubmission = run.wall / copies;
      const rates = run.line.replace(/^.*: /, '');
      const vsPlain = mode.target === undefined ? '1.00×' : plain === undefined ? 'n/a (the plain run failed)' : `${(run.wall / plain.wall).toFixed(2)}× (target ≤ ${mode.target.toFixed(2)}×: ${run.wall / plain.wall <= mode.target ? 'met' : 'missed'})`;
      const busy = run.busy === undefined ? 'n/a' : `${(run.busy / 1000).toFixed(1)} s${mode.target !== undefined && plain?.busy ? ` (${(run.busy / plain.busy).toFixed(2)}×)` : ''}`;
      rows.push([label, `${(run.wall / 1000).toFixed(1)} s`, vsPlain, busy, `${Math.round(3_600_000 / perSubmission)}`, rates, minutes(perSubmission * 30), minutes(perSubmission * 200)]);
      console.log(`${label}: ${run.line}`);
      if (mode.launcher === undefined) continue;
      const floor = isolationFloor(root, dirs[0], mode.launcher, env);
      if (floor === undefined || plain?.busy === undefined) {
        floorRows.push([mode.label.replace(/^, /, ''), 'n/a', '', '', '']);
        continue;
      }
      const extra = floor.isolatedMs - floor.plainMs;
      const least = 1 + (extra * caseCount) / (plain.busy / copies);
      const wall = `${(floor.isolatedWallMs - floor.plainWallMs).toFixed(1)} ms (${floor.isolatedWallMs.toFixed(1)} − ${floor.plainWallMs.toFixed(1)})`;
      floorRows.push([mode.label.replace(/^, /, ''), `${extra.toFixed(1)} ms (${floor.isolatedMs.toFixed(1)} − ${floor.plainMs.toFixed(1)}, ${floor.limits} limits)`, wall, `${((extra * caseCount) / 1000).toFixed(1)} s`, `${least.toFixed(2)}×`]);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await rm(classDir, { recursive: true, force: true });
  }
  return { rows, floorRows };
}

// The section of bench/RESULTS.md for the grading figures.
export function gradingSection({ rows, floorRows, table, about, copies, jobs, caseCount, stages, when }) {
  const part = stages.length > 0 ? ` (stages ${stages.join(', ')} only: BENCH_STAGES)` : ' (the whole course)';
  const floor = floorRows.length <= 1 ? '' : `\n\nWhat isolating one case costs before the case does anything: its limits and its launcher with the grader's own options around /bin/true, less a plain /bin/true (the machine's busy processor time from /proc/stat, and the median time from spawn to exit; 200 of each, one at a time). Every case of an isolated run pays it, so over ${caseCount} cases it alone puts the isolated run's processor time at least this far above the plain run's (machine CPU above):\n\n${table(floorRows)}`;
  return `${SECTION}\n\nWritten by scripts/bench.mjs (its grading part) on ${when}; ${copies} copies of the reference, ${caseCount} cases each${part}, --jobs ${jobs}, one machine.\n\n${table(rows)}\n\nMachine CPU is the machine's busy processor time during the run (/proc/stat), against the plain run's in brackets. Submissions per hour, and the class of 30 and of 200, are the per-submission time of that run multiplied out on this one machine.${floor}\n\nMachine: ${about.join(' · ')}.\n`;
}
