import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { fixturePrograms, repoRoot, runCli } from './cli.ts';
import { echoContent } from './echo-content.ts';
import { onlyCase, runScenario } from './scenario.ts';

// Case content an instructor gets wrong, and names that are not what they seem: validate says so, the harness refuses
// what would write outside its sandbox, a catastrophic $regex cannot hang the grader, and a CSV cell is never a formula.

// Write a case file into the echo content (quoting a sentence of stages/echo.md as its rule, unless `data` has one).
async function writeCase(dir: string, name: string, data: object): Promise<void> {
  const rule = 'Other fields in the input are ignored.';
  await writeFile(join(dir, 'cases', 'echo', `${name}.json`), `${JSON.stringify({ $schema: '../case.schema.json', rule, ...data }, null, 2)}\n`);
}

describe('case content (e2e)', () => {
  it('validate rejects sandbox paths that are empty, ".", absolute or climb out with ".."', async () => {
    const content = await echoContent((dir) => writeCase(dir, 'escaping-sandbox', {
      name: 'writes outside', hint: 'A sandbox path stays inside the sandbox.',
      input: { sandbox: { '../../../x': 'a', '.': 'b', '': 'c', '/tmp/y': 'd', 'ok.txt': 'e' }, calls: [] },
      expect: { stdout: { results: [] } },
    }));
    try {
      const run = await runCli(['validate', '--content', content.dir]);
      expect(run.exitCode).toBe(2);
      const problems = run.stderr.trim().split('\n');
      expect(problems).toEqual([
        'dispatch-lab: cases/echo/escaping-sandbox.json: $.input.sandbox["../../../x"]: a sandbox path must name a file inside the sandbox; this one contains ".." (it would climb out of the sandbox)',
        'dispatch-lab: cases/echo/escaping-sandbox.json: $.input.sandbox["."]: a sandbox path must name a file inside the sandbox; this one names the sandbox folder itself, not a file in it',
        'dispatch-lab: cases/echo/escaping-sandbox.json: $.input.sandbox[""]: a sandbox path must name a file inside the sandbox; this one is empty',
        'dispatch-lab: cases/echo/escaping-sandbox.json: $.input.sandbox["/tmp/y"]: a sandbox path must name a file inside the sandbox; this one is absolute',
      ]);
    } finally {
      await content.dispose();
    }
  });

  it('the harness refuses such a path before writing anything', async () => {
    const target = `dispatch-lab-escaped-${process.pid}`;
    const input = JSON.stringify({ sandbox: { [`../${target}`]: 'x' }, calls: [] });
    const run = await execa(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'program.ts', 'dispatch'], { cwd: repoRoot, input, reject: false });
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toMatch(/sandbox path "\.\.\/dispatch-lab-escaped-\d+" contains "\.\.": a sandbox path must name a file inside the sandbox/);
    expect(existsSync(join(tmpdir(), target))).toBe(false);
  });

  it('a catastrophic $regex ("^(a+)+$" on 40 a\'s and a b) is judged at once instead of hanging the grader', async () => {
    const content = await echoContent((dir) => writeCase(dir, 'catastrophic-regex', {
      name: 'catastrophic regex', hint: 'h',
      input: { sandbox: {}, calls: [{ tool: 'echo', input: { text: `${'a'.repeat(40)}b` } }] },
      expect: { stdout: { results: [{ content: { $regex: '^(a+)+$' } }] } },
    }));
    try {
      // A backtracking engine needs about 2^40 steps here; RE2 needs one pass. The bound is the CLI's own timeout.
      const run = await runScenario('honest', ['--content', content.dir, '--stage', 'echo', '--case', 'catastrophic regex']);
      expect(run.exitCode).toBe(1);
      expect(onlyCase(run)).toMatchObject({ status: 'fail', message: `results[0].content: expected a string matching /^(a+)+$/, received "${'a'.repeat(40)}b"` });
    } finally {
      await content.dispose();
    }
  });

  it('a submission folder named like a formula ("=1+1") is escaped in the CSV gradebook', async () => {
    const content = await echoContent();
    const folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-formula-'));
    try {
      await symlink(join(fixturePrograms, 'honest'), join(folder, '=1+1'));
      const run = await runCli(['grade', '=1+1', '-1', '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--out', 'book'], { cwd: folder });
      expect(run.exitCode).toBe(1);
      const rows = (await readFile(join(folder, 'book.csv'), 'utf8')).trimEnd().split('\n');
      expect(rows[1]).toBe("'=1+1,'=1+1,1,1,1,1,,1,1,");
      expect(rows[2]).toMatch(/^'-1,'-1,0,1,0,1,,0,1,no program\.ts in /);
      expect(JSON.parse(await readFile(join(folder, 'book.json'), 'utf8')).submissions[0].submission).toBe('=1+1');
    } finally {
      await rm(folder, { recursive: true, force: true });
      await content.dispose();
    }
  });
});
