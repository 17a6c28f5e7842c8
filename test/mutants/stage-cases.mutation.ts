// The cases of the course's stages up to mcp-discovery, run in-process against the reference through
// each stage's program command: the suite StrykerJS runs for every mutant of reference/ (`npm run
// mutation`), so that its per-test coverage works. MUTATION_STAGES (slugs, comma-separated) narrows it
// to the stages of the layer under mutation. Not part of `npm test` (the name does not end in .test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import type { CommandOutput } from '../../harness/solution.ts';
import { COMMANDS } from '../../harness/commands/index.ts';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import { repoRoot } from '../e2e/cli.ts';

/** The parts of a case file this suite reads. */
type CaseFile = { name: string; input: unknown; expect: { stdout?: unknown; exitCode?: number }; timeoutMs?: number };
type Manifest = { stages: { slug: string; command: string }[] };

// The program commands of the stages this suite runs (every declared one), each over the reference solution.
const RUNNERS: ReadonlyMap<string, (stdin: string) => Promise<CommandOutput>> = new Map(
  COMMANDS.map((command) => [command.name, (stdin: string) => command.run(stdin, solution)]),
);
const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as Manifest;
const wanted = process.env.MUTATION_STAGES?.split(',').filter((slug) => slug !== '');
const STAGES = manifest.stages.filter((s) => RUNNERS.has(s.command) && (wanted === undefined || wanted.includes(s.slug)));
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
async function differences(command: string, data: CaseFile): Promise<unknown[]> {
  const stdin = typeof data.input === 'string' ? data.input : JSON.stringify(data.input);
  const run = RUNNERS.get(command);
  if (run === undefined) throw new Error(`no runner for the command ${command}`);
  const output = await run(stdin);
  if (output.exitCode !== (data.expect.exitCode ?? 0)) return [{ exitCode: output.exitCode, stderr: output.stderr }];
  if (data.expect.stdout === undefined) return [];
  return jsonDiff(data.expect.stdout, JSON.parse(output.stdout));
}

for (const { slug, command } of STAGES) {
  describe(slug, () => {
    for (const { file, data } of casesOf(slug)) {
      it(`${file}: ${data.name}`, async () => {
        expect(await differences(command, data)).toEqual([]);
      }, (data.timeoutMs ?? DEFAULT_TIMEOUT_MS) * 2);
    }
  });
}
