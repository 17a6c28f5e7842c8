import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseResult, Expectation } from './core/types.ts';
import { parseStdout } from './core/parse-stdout.ts';
import { describeVerdict } from './core/describe.ts';
import { runTests, type TestOptions } from './app.ts';

/** What record found for one case. */
export type RecordOutcome = { file: string; name: string; status: 'unchanged' | 'recorded' | 'stale' | 'unrecordable'; detail?: string };

// The expectation a reference run implies, or why the run cannot be recorded.
export function expectationFrom(result: CaseResult): { ok: true; expect: Expectation } | { ok: false; reason: string } {
  const run = result.run;
  if (!run) return { ok: false, reason: describeVerdict(result.verdict) };
  if (run.timedOut) return { ok: false, reason: 'the reference timed out' };
  if (run.exitCode === null) return { ok: false, reason: `the reference was killed by ${run.signal}` };
  if (run.stdout.trim() === '') return { ok: true, expect: { exitCode: run.exitCode } };
  const parsed = parseStdout(run.stdout);
  if (!parsed.ok) return { ok: false, reason: `the reference printed no single JSON document: ${parsed.problem}` };
  return { ok: true, expect: { stdout: parsed.value, exitCode: run.exitCode } };
}

// Run the reference on the selected cases and write (or, with check, only compare) their expectations.
// `run` grades the reference (its courseDir) on the selected cases.
export async function recordCases(options: { run: TestOptions; contentRoot: string; check: boolean }): Promise<RecordOutcome[]> {
  const { report } = await runTests(options.run);
  const outcomes: RecordOutcome[] = [];
  for (const result of report.stages.flatMap((s) => s.cases)) {
    const base = { file: result.case.file, name: result.case.name };
    // A case written without a stdout expectation (e.g. "expect": {}) passes trivially; fill it in when the reference printed one.
    const hasOpenStdout = result.case.expect.stdout === undefined && (result.run?.stdout.trim() ?? '') !== '';
    if (result.verdict.status === 'pass' && !hasOpenStdout) {
      outcomes.push({ ...base, status: 'unchanged' });
      continue;
    }
    const expectation = expectationFrom(result);
    if (!expectation.ok) outcomes.push({ ...base, status: 'unrecordable', detail: expectation.reason });
    else if (options.check) outcomes.push({ ...base, status: 'stale', detail: describeVerdict(result.verdict) });
    else {
      await writeExpectation(join(options.contentRoot, result.case.file), expectation.expect);
      outcomes.push({ ...base, status: 'recorded' });
    }
  }
  return outcomes;
}

async function writeExpectation(path: string, expect: Expectation): Promise<void> {
  const data = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  data.expect = expect;
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
}
