// The cases of the nine tool stages, run in-process against the reference: the suite StrykerJS
// runs for every mutant of reference/ (`npm run mutation`), so that its per-test coverage works.
// Not part of `npm test` (the file name does not end in .test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tools } from '../../reference/tools.ts';
import { makeExecute } from '../../reference/execute.ts';
import { runDispatch } from '../../harness/dispatch.ts';
import { jsonDiff } from '../../grader/core/json-diff.ts';
import { repoRoot } from '../e2e/cli.ts';

/** The parts of a case file this suite reads. */
type CaseFile = { name: string; input: unknown; expect: { stdout?: unknown; exitCode?: number }; timeoutMs?: number };

const STAGES = ['echo', 'view', 'create', 'str-replace', 'insert', 'glob', 'grep', 'bash', 'register-tools'];
const DEFAULT_TIMEOUT_MS = 10_000;

// A stage's case files, sorted by file name.
function casesOf(stage: string): { file: string; data: CaseFile }[] {
  const dir = join(repoRoot, 'cases', stage);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, data: JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaseFile }));
}

// What the program would print for the case, judged as the grader does: exit code, then the document.
async function differences(data: CaseFile): Promise<unknown[]> {
  const stdin = typeof data.input === 'string' ? data.input : JSON.stringify(data.input);
  const output = await runDispatch(stdin, { Tools, makeExecute });
  if (output.exitCode !== (data.expect.exitCode ?? 0)) return [{ exitCode: output.exitCode, stderr: output.stderr }];
  if (data.expect.stdout === undefined) return [];
  return jsonDiff(data.expect.stdout, JSON.parse(output.stdout));
}

for (const stage of STAGES) {
  describe(stage, () => {
    for (const { file, data } of casesOf(stage)) {
      it(`${file}: ${data.name}`, async () => {
        expect(await differences(data)).toEqual([]);
      }, (data.timeoutMs ?? DEFAULT_TIMEOUT_MS) * 2);
    }
  });
}
