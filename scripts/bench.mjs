// How fast is the loop a student lives in? Median time from a file write to the finished verdict in watch mode,
// against a one-shot `test` and against running `npx tsx program.ts dispatch` once per case by hand.
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAGE = 'register-tools';
const WATCH_ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 7);
const ONE_SHOT_ITERATIONS = 3;
const BLOCK = 'watching for changes…';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

// A student dir: the repo's program.ts, harness/ and reference/, a package.json, node_modules linked to the repo's.
async function makeStudentDir() {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-'));
  for (const part of ['program.ts', 'harness', 'reference']) await cp(join(root, part), join(dir, part), { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // As `init` scaffolds it: an ES module package, so `npx tsx program.ts` accepts top-level await.
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

// Run a command to its end; resolves with the wall time.
function timed(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
    child.stdin.end(options.input ?? '');
  });
}

const cli = (dir, ...args) => [join(root, 'bin/dispatch-lab.js'), 'test', '--stage', STAGE, '--dir', dir, ...args];

async function oneShot(dir) {
  const times = [];
  for (let i = 0; i < ONE_SHOT_ITERATIONS; i++) times.push(await timed(process.execPath, cli(dir), { env: { ...process.env, NO_COLOR: '1' } }));
  return median(times);
}

// Save a file in watch mode and time until the run it triggers has printed its verdict.
async function watchLatency(dir) {
  const child = spawn(process.execPath, cli(dir, '--watch'), { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  let waiting;
  child.stdout.on('data', (chunk) => {
    output += chunk;
    waiting?.();
  });
  const blocks = () => output.split(BLOCK).length - 1;
  const waitForBlocks = (n) => new Promise((resolve) => {
    waiting = () => blocks() >= n && resolve();
    waiting();
  });
  await waitForBlocks(1);
  const file = join(dir, 'reference/execute.ts');
  const original = await readFile(file, 'utf8');
  const latencies = [];
  const runTimes = [];
  for (let i = 1; i <= WATCH_ITERATIONS; i++) {
    const started = performance.now();
    await writeFile(file, `${original}\n// save ${i}\n`);
    await waitForBlocks(i + 1);
    latencies.push(performance.now() - started);
    const time = /Time\s+([\d.]+) (ms|s)\n(?![\s\S]*Time\s)/.exec(output);
    if (time) runTimes.push(Number(time[1]) * (time[2] === 's' ? 1000 : 1));
  }
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('exit', resolve));
  return { latency: median(latencies), runTime: median(runTimes), all: latencies };
}

async function tsxPerCase(dir) {
  const caseDir = join(root, 'cases', STAGE);
  const files = (await readdir(caseDir)).filter((f) => f.endsWith('.json')).sort();
  let total = 0;
  const each = [];
  for (const file of files) {
    const { input } = JSON.parse(await readFile(join(caseDir, file), 'utf8'));
    const time = await timed('npx', ['tsx', 'program.ts', 'dispatch'], { cwd: dir, input: typeof input === 'string' ? input : JSON.stringify(input) });
    total += time;
    each.push(time);
  }
  return { total, median: median(each), count: files.length };
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const dir = await makeStudentDir();
try {
  const watch = await watchLatency(dir);
  const once = await oneShot(dir);
  const tsx = await tsxPerCase(dir);
  const rows = [
    [`watch: save → verdict (median of ${WATCH_ITERATIONS})`, ms(watch.latency)],
    ['  of which grading the cases (reported Time)', ms(watch.runTime)],
    ['  of which debounce + rebuild + drawing', ms(watch.latency - watch.runTime)],
    [`one-shot \`test --stage ${STAGE}\` (median of ${ONE_SHOT_ITERATIONS})`, ms(once)],
    [`\`npx tsx program.ts dispatch\` × ${tsx.count} cases, one after another`, ms(tsx.total)],
    ['  one case by hand (median)', ms(tsx.median)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${STAGE}, ${tsx.count} cases, --jobs default\n`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value.padStart(9)}`);
  console.log(`\nwatch latencies: ${watch.all.map(ms).join(', ')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
