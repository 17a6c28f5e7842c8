// The grading part of `npm run bench`: how long `grade` takes for a class, measured on COPIES copies of the reference
// (each its own submission folder), graded once plainly and once with --isolate, one after the other. Each run's own
// throughput line ("graded N submissions (M cases) in …: X submissions/min, Y cases/s") is read back, and the figure is
// turned into what a teacher plans with: minutes for a class of 30 and of 200 on one machine of this kind.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECTION = '## Grading a class';

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

// Grade `copies` copies of the reference, plainly and isolated; the rows of the section's table.
export async function gradingBench({ cli, jobs, copies, stages, makeStudentDir, env }) {
  const dirs = [];
  for (let i = 0; i < copies; i++) dirs.push(await makeStudentDir());
  const outDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-book-'));
  const rows = [];
  try {
    for (const isolated of [false, true]) {
      const flags = ['--jobs', String(jobs), ...stages.flatMap((s) => ['--stage', s]), ...(isolated ? ['--isolate'] : [])];
      const run = await grade(cli, dirs, join(outDir, isolated ? 'isolated' : 'plain'), flags, env);
      const label = `grade ${copies} copies of the reference${isolated ? ', --isolate' : ''}`;
      if (run.code !== 0 || !run.line) {
        rows.push([label, 'n/a', `exit ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`.slice(0, 120), '', '']);
        continue;
      }
      const perSubmission = run.wall / copies;
      const rates = run.line.replace(/^.*: /, '');
      rows.push([label, `${(run.wall / 1000).toFixed(1)} s`, rates, minutes(perSubmission * 30), minutes(perSubmission * 200)]);
      console.log(`${label}: ${run.line}`);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

// The section of bench/RESULTS.md for the grading figures.
export function gradingSection({ rows, table, about, copies, jobs, caseCount, stages, when }) {
  const part = stages.length > 0 ? ` (stages ${stages.join(', ')} only: BENCH_STAGES)` : ' (the whole course)';
  return `${SECTION}\n\nWritten by scripts/bench.mjs (its grading part) on ${when}; ${copies} copies of the reference, ${caseCount} cases each${part}, --jobs ${jobs}, one machine.\n\n${table(rows)}\n\nThe class of 30 and of 200 are the per-submission time multiplied out (grade runs submissions one after another, each with --jobs cases at a time). Machine: ${about.join(' · ')}.\n`;
}

// bench/RESULTS.md with its grading section replaced (or added), the rest kept.
export async function withGradingSection(path, section) {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    text = '# Benchmark (npm run bench)\n';
  }
  const at = text.indexOf(SECTION);
  const kept = (at === -1 ? text : text.slice(0, at)).trimEnd();
  await writeFile(path, `${kept}\n\n${section}`);
}
