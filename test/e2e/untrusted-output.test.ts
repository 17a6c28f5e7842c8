import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Content, echoContent } from './echo-content.ts';
import { runScenario } from './scenario.ts';

// Valid but pathological output, and output that tries to drive the terminal or the CI log: every case still gets a
// verdict (exit 1, never 2), the report stays small, and nothing a program printed reaches the terminal raw.

let content: Content;
beforeAll(async () => {
  content = await echoContent();
});
afterAll(() => content.dispose());

/** A terminal control character: C0 but tab and newline, DEL, C1. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('pathological JSON (e2e, without --isolate)', () => {
  it.each([
    ['deep-json', /^results\[0\]: expected \{.*\}, received \[+"… 1 item, nested deeper"\]+$/],
    ['wide-json', /\n… and \d+ more differences \(the first 20 are listed\)$/],
    ['extra-keys', /\n… and \d+ more differences \(the first 20 are listed\)$/],
  ])('%s: every case of the stage fails with a bounded report, and the grader exits 1', async (name, message) => {
    const run = await runScenario(name, ['--content', content.dir, '--stage', 'echo']);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.exitCode).toBe(1);
    const cases = run.report?.stages[0]?.cases ?? [];
    expect(cases.length).toBeGreaterThan(5);
    expect(cases.every((c) => c.status === 'fail')).toBe(true);
    expect(cases[cases.length - 1]?.message).toMatch(message);
    for (const c of cases) expect(c.message.length).toBeLessThan(10_000);
    expect(run.stdout.length).toBeLessThan(100_000);
    // Every case of the stage prints up to 60,000 keys and the grader diffs them all: beside a full suite and a
    // whole-course run on a 2-core machine at load 30 that took over a minute.
  }, 240_000);
});

describe('output that tries to drive the terminal or the CI log (e2e)', () => {
  it('is escaped in the pretty, json, junit and github reporters alike', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-reports-'));
    try {
      const files = { json: join(folder, 'report.json'), junit: join(folder, 'report.xml'), github: join(folder, 'github.txt') };
      const run = await runScenario('terminal-escapes', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--reporter', 'pretty', ...Object.entries(files).map(([n, p]) => `--output-file=${n}=${p}`)]);
      expect(run.exitCode).toBe(1);
      const outputs: Record<string, string> = { pretty: run.stdout, stderr: run.stderr };
      for (const [name, path] of Object.entries(files)) outputs[name] = await readFile(path, 'utf8');
      // The forged lines are there, visibly escaped.
      expect(run.stdout).toMatch(/\\u001b\]0;all tests passed\\u0007/);
      expect(run.stdout).toMatch(/\\u003a:notice title=dispatch-lab::194 passed/);
      for (const [name, text] of Object.entries(outputs)) {
        expect(CONTROL.test(text), `${name} holds a control character`).toBe(false);
        expect(text, name).not.toMatch(/##\[/);
        // The only workflow commands are the github reporter's own: an error per failing case and the closing notice.
        for (const line of text.split('\n').filter((l) => /^\s*::/.test(l))) {
          expect(name).toBe('github');
          expect(line).toMatch(/^::(error file=test\/fixtures\/programs\/terminal-escapes\/program\.ts,title=echo › |notice title=dispatch-lab::0\/1 points: 0 passed, 1 failed)/);
        }
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
