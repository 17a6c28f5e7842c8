// The cost the library of known mistakes adds to a failing case (run by scripts/bench.mjs with tsx; prints one JSON
// line): the library's load (once per run, at the first failing case) and the lookup (fingerprint of the received
// output, then the table) per failing case. Each case of the course is made to fail with its own expected output and
// another exit code, so the output is as large as the real one; the whole course is looked up BENCH_KNOWN_ROUNDS times.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadCourse } from '../grader/run/course-loader.ts';
import { knownMistakesLoader } from '../grader/known/io/known-mistakes-file.ts';
import { knownMistakesOf } from '../grader/known/core/known-mistakes.ts';
import type { RunResult } from '../grader/course/core/types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_KNOWN_ROUNDS ?? 20);
const course = await loadCourse(root);
const failing = course.cases.map((c) => ({
  c,
  run: { stdout: `${JSON.stringify(c.expect.stdout ?? {})}\n`, stderr: '', exitCode: (c.expect.exitCode ?? 0) === 0 ? 1 : 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1 << 20 } satisfies RunResult,
}));
const loads: number[] = [];
const perCase: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const table = knownMistakesLoader(root);
  const loadStart = performance.now();
  table('echo');
  loads.push(performance.now() - loadStart);
  const start = performance.now();
  for (const { c, run } of failing) knownMistakesOf(table(c.stage), c, run, root);
  perCase.push((performance.now() - start) / failing.length);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const worst = Math.max(...failing.map(({ c, run }) => {
  const table = knownMistakesLoader(root)(c.stage);
  const start = performance.now();
  knownMistakesOf(table, c, run, root);
  return performance.now() - start;
}));
console.log(JSON.stringify({ cases: failing.length, rounds: ROUNDS, loadMs: median(loads), lookupMs: median(perCase), worstLookupMs: worst }));
