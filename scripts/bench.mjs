// `npm run bench`: how fast is grading, against what it cannot avoid? In one run, on the reference (this repo's
// program.ts) copied into a temp course dir:
//   - the whole course (`test --all`) three ways: naive (`tsx program.ts` per case, one after another: sampled and
//     extrapolated), dispatch-lab as shipped, and the bare floor (the bundle the grader builds, spawned once per case in a case's environment, with
//     the case's stdin, --jobs at a time, nothing else); shipped and floor alternate, and their ratio is taken per pair;
//   - watch mode: save → first case verdict and save → stage verdict (medians), by touching a file under a real
//     `test --watch` child and reading its output;
//   - `--help` cold start (median) and the grader's own peak memory (VmHWM of its process, children excluded).
// Prints a table and writes it, with the machine it ran on, to bench/RESULTS.md. Not a test: nothing here passes or fails.
//   - grading a class: `grade` over BENCH_GRADE_COPIES copies of the reference (default 20; 0 skips it), plainly and with --isolate
//     (scripts/bench-grading.mjs), written to its own section of bench/RESULTS.md.
//   - one case by kind (scripts/bench-cases.mjs): a bare `node -e 0`, a dispatch case and an mcp case, one at a time
//     in rounds (medians); and the test suite: `npm run test:fast` (BENCH_SUITE=full adds `npm test`, =none skips it).
//   - the library of known mistakes (scripts/bench-known.ts): its load, once per run, and the lookup per failing case.
//   - where the time goes (scripts/bench-breakdown.mjs): every case's bare process alone, wall and CPU, by stage and by kind.
// BENCH_ONLY=grading runs only the grading part and replaces only its section of bench/RESULTS.md (BENCH_ONLY=breakdown
// likewise for the breakdown); BENCH_ONLY=cases
// prints only the per-case and watch figures and writes nothing; BENCH_ONLY=known prints only the known-mistakes figures.
// BENCH_ONLY=similarity times `grade --similarity` over BENCH_SIMILAR_COPIES (default 200) perturbed copies of the
// reference (scripts/bench-similarity.mjs) and replaces only its section of bench/RESULTS.md (the whole bench writes
// its main table anew and keeps every section).
// Knobs: BENCH_ROUNDS (shipped/floor pairs, default 1), BENCH_SAVES (default 10), BENCH_HELP (default 10),
// BENCH_NAIVE_SAMPLE (default 30), BENCH_CASE_ROUNDS (default 15), BENCH_WATCH_STAGE (default register-tools), BENCH_STAGES (comma-separated: a part of
// the course instead of the whole, for a quick look).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRADING_HEADING, gradingBench, gradingSection } from './bench-grading.mjs';
import { breakdown, breakdownSection } from './bench-breakdown.mjs';
import { caseCosts, suiteTime } from './bench-cases.mjs';
import { SIMILARITY_HEADING, similarityBench, similaritySection } from './bench-similarity.mjs';
import { sectionsOf, withSection } from './bench-sections.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SAVES = Number(process.env.BENCH_SAVES ?? 10);
const HELP_RUNS = Number(process.env.BENCH_HELP ?? 10);
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 30);
const WATCH_STAGE = process.env.BENCH_WATCH_STAGE ?? 'register-tools';
const STAGES = (process.env.BENCH_STAGES ?? '').split(',').filter((s) => s !== '');
const GRADE_COPIES = Number(process.env.BENCH_GRADE_COPIES ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const CASE_ROUNDS = Number(process.env.BENCH_CASE_ROUNDS ?? 15);
const SUITE = process.env.BENCH_SUITE ?? 'fast';
const JOBS = availableParallelism();
const CLI = join(root, 'bin/dispatch-lab.js');
// No FORCE_COLOR at all (an empty one still counts as set, and node warns on stderr when both it and NO_COLOR are).
const PLAIN_ENV = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'FORCE_COLOR')), NO_COLOR: '1', CI: '' };
// What a graded case's process gets (studentEnv in grader/run/io/run-case.ts, a temp dir as home): the floor and the
// per-case figures run in it too, since variables such as NODE_EXTRA_CA_CERTS or NODE_OPTIONS change what node does at start.
const CASE_HOME = join(tmpdir(), 'dispatch-lab-bench-home');
const CASE_ENV = { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: CASE_HOME, TMPDIR: CASE_HOME, TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', NO_COLOR: '1' };

// The middle value (upper middle for an even count).
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// A duration for the table.
const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

// A student dir as `init` makes it: the repo's program.ts, harness/ and reference/, an ES module package.json, node_modules linked.
async function makeStudentDir() {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-'));
  for (const part of ['program.ts', 'harness', 'reference']) await cp(join(root, part), join(dir, part), { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

// Every case of the course (of BENCH_STAGES unless everyStage) in course order: its program command and the stdin it gets.
async function courseCases(everyStage = false) {
  const { stages } = JSON.parse(await readFile(join(root, 'stages/stages.json'), 'utf8'));
  const all = [];
  for (const stage of stages.filter((s) => everyStage || STAGES.length === 0 || STAGES.includes(s.slug))) {
    const dir = join(root, 'cases', stage.slug);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const { input } = JSON.parse(await readFile(join(dir, file), 'utf8'));
      all.push({ stage: stage.slug, command: stage.command, stdin: typeof input === 'string' ? input : JSON.stringify(input) });
    }
  }
  return all;
}

// The bundle exactly as the grader builds it: grader/run/io/build-program.ts itself (through tsx), so that the floor
// and the per-case figures load what a graded case loads (the MCP SDK's packages bundled ahead, in packages/). Its
// output folder is copied to .dispatch-lab/bench (the builder removes its own when its process exits), which stays
// until the student dir is removed.
async function buildBundle(dir) {
  const kept = join(dir, '.dispatch-lab', 'bench');
  const script = `import { cpSync } from 'node:fs';
import { dirname } from 'node:path';
import { createProgramBuilder } from ${JSON.stringify(join(root, 'grader/run/io/build-program.ts'))};
const build = await (await createProgramBuilder(${JSON.stringify(dir)}, 'bench')).build();
if (!build.ok) { console.error(build.errors.join('\\n')); process.exit(1); }
cpSync(dirname(build.bundlePath), ${JSON.stringify(kept)}, { recursive: true, verbatimSymlinks: true });
process.exit(0);`;
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  return join(kept, 'program.mjs');
}

// Run one process to its end with `input` on stdin; resolves with its wall time.
function run(command, args, { input = '', cwd = root, env = PLAIN_ENV, onStart } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    onStart?.(child);
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', () => resolve(performance.now() - started));
  });
}

// The floor: the same bundle once per case with its stdin, JOBS at a time, nothing else (no sweep, no temp dir, no judging).
async function floor(dir, bundle, cases) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      await run(process.execPath, [bundle, c.command], { input: c.stdin, cwd: dir, env: CASE_ENV });
    }
  };
  await Promise.all(Array.from({ length: JOBS }, worker));
  return performance.now() - started;
}

// The grader's own peak memory: VmHWM of its process, read until it exits (Linux); undefined elsewhere.
function watchPeakRss(child) {
  let peakKb;
  const read = () => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (match) peakKb = Math.max(peakKb ?? 0, Number(match[1]));
    } catch {
      // Exited, or no /proc.
    }
  };
  const timer = setInterval(read, 50);
  child.on('exit', () => clearInterval(timer));
  return () => (peakKb === undefined ? undefined : peakKb / 1024);
}

// dispatch-lab as shipped on the whole course: wall time and its own peak memory.
async function shipped(dir) {
  let peak;
  const wall = await run(process.execPath, [CLI, 'test', '--all', ...STAGES.flatMap((s) => ['--stage', s]), '--dir', dir, '--jobs', String(JOBS)], { onStart: (child) => (peak = watchPeakRss(child)) });
  return { wall, peakMb: peak() };
}

// Naive: `tsx program.ts <command>` per case, one after another, on an evenly spread sample; extrapolated to every case.
async function naive(dir, cases) {
  const step = Math.max(1, Math.floor(cases.length / NAIVE_SAMPLE));
  const sample = cases.filter((_, i) => i % step === 0).slice(0, NAIVE_SAMPLE);
  const tsx = join(root, 'node_modules/.bin/tsx');
  let total = 0;
  for (const c of sample) total += await run(tsx, ['program.ts', c.command], { input: c.stdin, cwd: dir });
  return { perCase: total / sample.length, sampled: sample.length, estimate: (total / sample.length) * cases.length };
}

// Watch mode: save a file SAVES times; per save, the time to the first case line and to the stage's verdict line.
async function watchLatency(dir) {
  const child = spawn(process.execPath, [CLI, 'test', '--watch', '--stage', WATCH_STAGE, '--dir', dir], { stdio: ['pipe', 'pipe', 'inherit'], env: PLAIN_ENV });
  let output = '';
  const waiters = new Set();
  child.stdout.on('data', (chunk) => {
    output += chunk;
    for (const check of waiters) check();
  });
  const waitFor = (pattern, from) => new Promise((resolve) => {
    const check = () => {
      if (!pattern.test(output.slice(from))) return;
      waiters.delete(check);
      resolve(performance.now());
    };
    waiters.add(check);
    check();
  });
  const VERDICT = new RegExp(`[✓✗] ${WATCH_STAGE}[: ]`);
  const CASE = /^ {2}[✓✗⏱!] /m;
  await waitFor(/watching for changes…/, 0);
  const file = join(dir, 'reference/execute.ts');
  const original = await readFile(file, 'utf8');
  const first = [];
  const stage = [];
  for (let i = 1; i <= SAVES; i++) {
    const from = output.length;
    const started = performance.now();
    const caseSeen = waitFor(CASE, from);
    const verdictSeen = waitFor(VERDICT, from);
    await writeFile(file, `${original}\n// save ${i}\n`);
    first.push((await caseSeen) - started);
    stage.push((await verdictSeen) - started);
    await waitFor(/watching for changes…/, from);
  }
  await writeFile(file, original);
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('exit', resolve));
  return { first: median(first), stage: median(stage) };
}

// `dispatch-lab --help`, cold: a new node process each time.
async function helpStart() {
  const times = [];
  for (let i = 0; i < HELP_RUNS; i++) times.push(await run(process.execPath, [CLI, '--help']));
  return median(times);
}

// The machine the figures come from.
function machine(load) {
  return [`${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`, `node ${process.version}`, `${process.platform} ${process.arch}`, `load average at start: ${load.map((l) => l.toFixed(2)).join(' ')}`];
}

// A markdown table, columns padded.
function markdownTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

// The grading part: its table printed and written to its section of bench/RESULTS.md.
async function gradingPart(load, caseCount) {
  console.log(`bench: grading ${GRADE_COPIES} copies of the reference, plainly then isolated; this takes a while`);
  const { rows, floorRows } = await gradingBench({ cli: CLI, root, jobs: JOBS, copies: GRADE_COPIES, stages: STAGES, env: PLAIN_ENV, caseCount });
  const header = ['what', 'wall', 'vs plain', 'machine CPU', 'submissions per hour', 'throughput', 'a class of 30', 'a class of 200'];
  const floorHeader = ['launcher', 'isolating one case: processor time', 'its wall time', `processor time × ${caseCount} cases`, 'least isolated / plain CPU'];
  const table = markdownTable([header, ...rows]);
  console.log(`\n${table}\n\n${markdownTable([floorHeader, ...floorRows])}`);
  const section = gradingSection({ rows: [header, ...rows], floorRows: [floorHeader, ...floorRows], table: markdownTable, about: machine(load), copies: GRADE_COPIES, jobs: JOBS, caseCount, stages: STAGES, when: new Date().toISOString() });
  await mkdir(join(root, 'bench'), { recursive: true });
  await withSection(join(root, 'bench/RESULTS.md'), GRADING_HEADING, section);
}

// The breakdown part: every case alone, by stage and by kind; printed and written to its section of bench/RESULTS.md.
async function breakdownPart(load, dir, bundle) {
  console.log('bench: every case of the course alone, one after another (about 2 minutes)');
  const result = await breakdown({ dir, bundle, cases: await courseCases(), env: CASE_ENV, rounds: CASE_ROUNDS });
  const section = breakdownSection({ result, table: markdownTable, about: machine(load), when: new Date().toISOString() });
  console.log(`\n${section}`);
  await mkdir(join(root, 'bench'), { recursive: true });
  await withSection(join(root, 'bench/RESULTS.md'), '## Where the time goes', section);
}

// The cost of the known-mistakes lookup: load (once per run) and lookup per failing case, from scripts/bench-known.ts.
function knownCost() {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-known.ts')], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const load = loadavg();
if (ONLY === 'known') {
  const k = knownCost();
  console.log(`known mistakes, ${k.cases} failing cases × ${k.rounds}: load ${k.loadMs.toFixed(2)} ms once, lookup ${k.lookupMs.toFixed(3)} ms per failing case (median), worst case ${k.worstLookupMs.toFixed(3)} ms`);
  process.exit(0);
}
await mkdir(CASE_HOME, { recursive: true });
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (ONLY === 'grading') {
  await gradingPart(load, (await courseCases()).length);
  console.log('\nwritten: the grading section of bench/RESULTS.md');
  process.exit(0);
}
if (ONLY === 'similarity') {
  const copies = Number(process.env.BENCH_SIMILAR_COPIES ?? 200);
  const { rows, made } = await similarityBench({ root, cli: CLI, jobs: JOBS, copies, stage: process.env.BENCH_SIMILAR_STAGE ?? 'echo', env: PLAIN_ENV });
  const header = ['what', 'figure', 'target'];
  console.log(`\n${markdownTable([header, ...rows])}`);
  await mkdir(join(root, 'bench'), { recursive: true });
  await withSection(join(root, 'bench/RESULTS.md'), SIMILARITY_HEADING, similaritySection({ rows: [header, ...rows], table: markdownTable, about: machine(load), copies, made, jobs: JOBS, when: new Date().toISOString() }));
  console.log('\nwritten: the similarity section of bench/RESULTS.md');
  process.exit(0);
}
if (ONLY === 'breakdown') {
  const scratch = await makeStudentDir();
  try {
    await breakdownPart(load, scratch, await buildBundle(scratch));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  console.log('\nwritten: the breakdown section of bench/RESULTS.md');
  process.exit(0);
}
if (ONLY === 'cases') {
  // A quick look at one case's cost by kind, printed only (bench/RESULTS.md is left as it is).
  const scratch = await makeStudentDir();
  try {
    const c = await caseCosts({ dir: scratch, bundle: await buildBundle(scratch), cases: await courseCases(true), rounds: CASE_ROUNDS, env: CASE_ENV });
    const watch = await watchLatency(scratch);
    console.log(`watch --stage ${WATCH_STAGE}, median of ${SAVES}: save → first case verdict ${fmt(watch.first)}, save → stage verdict ${fmt(watch.stage)}`);
    console.log(`median of ${c.rounds}: node -e 0 ${fmt(c.bare)}, dispatch case ${fmt(c.dispatch)}, mcp case ${c.mcp === undefined ? 'n/a' : fmt(c.mcp)} (load at start ${load.map((l) => l.toFixed(2)).join(' ')})`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  process.exit(0);
}
const dir = await makeStudentDir();
try {
  const cases = await courseCases();
  const bundle = await buildBundle(dir);
  console.log(`bench: ${cases.length} cases, --jobs ${JOBS}, ${ROUNDS} round(s); this takes a few minutes`);
  const help = await helpStart();
  const pairs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ours = await shipped(dir);
    const bare = await floor(dir, bundle, cases);
    pairs.push({ ours, bare, ratio: ours.wall / bare });
    console.log(`round ${round + 1}: shipped ${fmt(ours.wall)}, floor ${fmt(bare)}`);
  }
  const watch = await watchLatency(dir);
  const slow = await naive(dir, cases);
  const perCase = await caseCosts({ dir, bundle, cases: await courseCases(true), rounds: CASE_ROUNDS, env: CASE_ENV });
  const known = knownCost();
  const suites = [];
  if (SUITE !== 'none') suites.push(['npm run test:fast', await suiteTime({ root, script: 'test:fast', env: PLAIN_ENV })]);
  if (SUITE === 'full') suites.push(['npm test (every file)', await suiteTime({ root, script: 'test', env: PLAIN_ENV })]);
  const oursWall = median(pairs.map((p) => p.ours.wall));
  const floorWall = median(pairs.map((p) => p.bare));
  const ratio = median(pairs.map((p) => p.ratio));
  const peaks = pairs.map((p) => p.ours.peakMb).filter((p) => p !== undefined);
  const peak = peaks.length > 0 ? Math.max(...peaks) : undefined;
  const rows = [
    ['what', 'figure', 'vs floor', 'target'],
    [`whole course, bare floor (bundle per case, --jobs ${JOBS})`, fmt(floorWall), '1.00×', ''],
    [`whole course, dispatch-lab test --all (shipped)`, fmt(oursWall), `${ratio.toFixed(2)}×`, `≤ 0.50× ${ratio <= 0.5 ? 'met' : 'missed'}`],
    [`whole course, naive tsx per case, sequential (${slow.sampled} sampled, extrapolated)`, fmt(slow.estimate), `${(slow.estimate / floorWall).toFixed(2)}×`, ''],
    [`  naive, one case (mean of the sample)`, fmt(slow.perCase), '', ''],
    [`watch --stage ${WATCH_STAGE}: save → first case verdict (median of ${SAVES})`, fmt(watch.first), '', `< 300 ms ${watch.first < 300 ? 'met' : 'missed'}`],
    [`watch --stage ${WATCH_STAGE}: save → stage verdict (median of ${SAVES})`, fmt(watch.stage), '', ''],
    [`one process alone: bare node -e 0 (median of ${perCase.rounds})`, fmt(perCase.bare), '', ''],
    [`one dispatch case alone (median of ${perCase.rounds})`, fmt(perCase.dispatch), `${(perCase.dispatch / perCase.bare).toFixed(2)}× node`, `≤ 1.50× node ${perCase.dispatch / perCase.bare <= 1.5 ? 'met' : 'missed'}`],
    [`one mcp case alone, course server included (median of ${perCase.rounds})`, perCase.mcp === undefined ? 'n/a' : fmt(perCase.mcp), perCase.mcp === undefined ? '' : `${(perCase.mcp / perCase.dispatch).toFixed(2)}× dispatch`, perCase.mcp === undefined ? '' : `≤ 120 ms ${perCase.mcp <= 120 ? 'met' : 'missed'}`],
    ...suites.map(([name, s]) => [`${name}${s.tests ? ` (tests: ${s.tests})` : ''}${s.passed ? '' : ' (FAILED)'}`, fmt(s.ms), '', name.includes('fast') ? `≤ 60 s ${s.ms <= 60_000 ? 'met' : 'missed'}` : `≤ 5 min ${s.ms <= 300_000 ? 'met' : 'missed'}`]),
    [`known mistakes: load + lookup, per failing case (${known.cases} cases; the load once per run: ${known.loadMs.toFixed(2)} ms)`, `${(known.lookupMs + known.loadMs / known.cases).toFixed(3)} ms`, '', `≤ 5 ms ${known.lookupMs + known.loadMs <= 5 ? 'met' : 'missed'}`],
    [`--help cold start (median of ${HELP_RUNS})`, fmt(help), '', `< 150 ms ${help < 150 ? 'met' : 'missed'}`],
    ['grader peak memory on the whole course (its own process)', peak === undefined ? 'n/a' : `${Math.round(peak)} MB`, '', peak === undefined ? '' : `< 150 MB ${peak < 150 ? 'met' : 'missed'}`],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const table = [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
  const about = machine(load);
  console.log(`\n${table}\n\n${about.join(' · ')}`);
  await mkdir(join(root, 'bench'), { recursive: true });
  const pairLines = pairs.map((p, i) => `- round ${i + 1}: shipped ${fmt(p.ours.wall)}, floor ${fmt(p.bare)}, ratio ${p.ratio.toFixed(2)}`);
  // The parts' sections of the last run are kept after the new main table, each until its part runs again.
  const earlier = existsSync(join(root, 'bench/RESULTS.md')) ? sectionsOf(readFileSync(join(root, 'bench/RESULTS.md'), 'utf8')) : [];
  await writeFile(join(root, 'bench/RESULTS.md'), `# Benchmark (npm run bench)\n\nWritten by scripts/bench.mjs on ${new Date().toISOString()}; ${cases.length} cases, --jobs ${JOBS}.\n\n${table}\n\nMachine: ${about.join(' · ')}.\n\nShipped and floor alternate; the ratio is the median of the per-round ratios:\n${pairLines.join('\n')}\n\nNaive is sampled: ${slow.sampled} cases spread over the course, run one after another with \`tsx program.ts\`, the mean extrapolated to all ${cases.length}.\n${earlier.map((section) => `\n${section}\n`).join('')}`);
  await breakdownPart(load, dir, bundle);
  // BENCH_GRADE_COPIES=0: no grading part (it takes about 40 minutes); RESULTS.md then has no grading section.
  if (GRADE_COPIES > 0) await gradingPart(load, cases.length);
  console.log('\nwritten: bench/RESULTS.md');
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (!existsSync(join(root, 'bench/RESULTS.md'))) process.exitCode = 1;
