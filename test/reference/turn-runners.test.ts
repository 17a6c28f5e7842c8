import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as reference from '../../reference/index.ts';
import type { TurnCall, TurnRegistry, TurnResult } from '../../harness/turn/types.ts';
import { runTurnCommand } from '../../harness/turn/run-turn.ts';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import { accessOf } from '../../reference/turn/run-turn.ts';
import { conflicts } from '../../reference/turn/conflict.ts';

// Grades the reference runTurn and three wrong ones against the stage's cases, in this process,
// through the same command module program.ts runs: the cases must tell the wrong runners apart.

type Runner = (registry: TurnRegistry, calls: TurnCall[]) => Promise<TurnResult[]>;
type CaseFile = { name: string; input: unknown; expect: { stdout?: unknown; exitCode?: number } };

const dir = fileURLToPath(new URL('../../cases/parallel-calls', import.meta.url));
const cases = readdirSync(dir)
  .sort()
  .map((file) => ({ file: file.replace(/\.json$/, ''), data: JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaseFile }));

// One call after the other.
const sequential: Runner = async (registry, calls) => {
  const results: TurnResult[] = [];
  for (const call of calls) results.push({ id: call.id, result: await registry.execute(call.tool, call.input) });
  return results;
};

// Everything at once.
const allAtOnce: Runner = async (registry, calls) => {
  const results = await Promise.all(calls.map((call) => registry.execute(call.tool, call.input)));
  return calls.map((call, index) => ({ id: call.id, result: results[index] }));
};

// Batches: calls join the current batch until one conflicts with a member; then the batch is awaited whole.
const batches: Runner = async (registry, calls) => {
  const results: TurnResult[] = [];
  let batch: TurnCall[] = [];
  const flush = async () => {
    const done = await Promise.all(batch.map((call) => registry.execute(call.tool, call.input)));
    results.push(...batch.map((call, index) => ({ id: call.id, result: done[index] })));
    batch = [];
  };
  for (const call of calls) {
    if (batch.some((member) => conflicts(accessOf(registry, member), accessOf(registry, call)))) await flush();
    batch.push(call);
  }
  await flush();
  return results;
};

// The names of the cases a runner fails.
async function failedCases(runTurn: Runner): Promise<string[]> {
  const solution = { ...reference, runTurn };
  const verdicts = await Promise.all(
    cases.map(async ({ file, data }) => {
      const output = await runTurnCommand(JSON.stringify(data.input), solution);
      const exitOk = output.exitCode === (data.expect.exitCode ?? 0);
      const stdoutOk = data.expect.stdout === undefined || (output.stdout !== '' && jsonDiff(data.expect.stdout, JSON.parse(output.stdout)).length === 0);
      return exitOk && stdoutOk ? [] : [file];
    }),
  );
  return verdicts.flat();
}

// Cases whose expected results hold a latch that met: only a runner that overlaps passes them.
const overlapCases = cases.filter(({ data }) => JSON.stringify(data.expect.stdout).includes('in flight together')).map(({ file }) => file);

describe('the parallel-calls cases grade runners', () => {
  const failed: Record<string, string[]> = {};

  beforeAll(async () => {
    const runners: Record<string, Runner> = { reference: reference.runTurn, sequential, allAtOnce, batches };
    await Promise.all(Object.entries(runners).map(async ([name, runner]) => (failed[name] = await failedCases(runner))));
  });

  it('the reference passes every case', () => {
    expect(failed.reference).toEqual([]);
  });

  it('a sequential runner fails exactly the cases where calls must overlap', () => {
    expect(overlapCases.length).toBeGreaterThanOrEqual(8);
    expect(failed.sequential).toEqual(overlapCases);
  });

  it('an all-at-once runner fails the ordering cases', () => {
    expect(failed.allAtOnce).toEqual(
      expect.arrayContaining(['writes-to-one-file-in-order', 'path-spellings-are-one-file', 'bash-runs-alone', 'bash-sees-earlier-writes-only', 'unknown-tool-runs-alone', 'no-path-read-waits-for-any-write', 'invalid-input-mid-turn']),
    );
  });

  it('a batching runner fails the cases where a call must not wait behind unrelated ones', () => {
    expect(failed.batches).toEqual(expect.arrayContaining(['no-waiting-behind-unrelated-calls', 'worked-example']));
  });
});
