import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, fixturePrograms, repoRoot, runCli } from './cli.ts';

describe('dispatch-lab test (e2e)', () => {
  it('passes the reference through register-tools', async () => {
    const run = await runCli(['test', '--stage', 'register-tools']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/Cases\s+\d+ passed \(\d+\)/);
    expect(run.stdout).not.toMatch(/✗/);
  });

  it('fails a submission whose Write is not routed, naming the case, the path and how to reproduce', async () => {
    // Only the cases that send Write (their names hold "write"): the rest of the stage passes and shows nothing more.
    const run = await runCli(['test', '--stage', 'register-tools', '--case', 'write', '--dir', join(fixturePrograms, 'write-not-routed')]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/✗ register-tools › .+/);
    expect(run.stdout).toMatch(/results\[\d+\]\.content: expected "File created successfully at: [^"]+", received "unknown tool: Write"/);
    expect(run.stdout).toMatch(/reproduce: printf '%s' '\{.*"tool":"Write".*\}' \| perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program\.ts dispatch/);
    expect(run.stdout).toMatch(/hint: /);
  });

  it('prints the JSON report', async () => {
    const run = await runCli(['test', '--stage', 'register-tools', '--case', 'write', '--reporter', 'json', '--dir', join(fixturePrograms, 'write-not-routed')]);
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.stdout) as { summary: { failed: number; total: number }; stages: { slug: string; status: string; cases: { status: string; message: string }[] }[] };
    expect(report.stages.map((s) => [s.slug, s.status])).toEqual([['register-tools', 'fail']]);
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.stages[0]?.cases.find((c) => c.status === 'fail')?.message).toMatch(/results\[\d+\]/);
  });

  it('writes a reporter to a file with --output-file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-out-'));
    try {
      const out = join(dir, 'report.json');
      const run = await runCli(['test', '--stage', 'echo', '--case', 'roundtrip', '--output-file', `json=${out}`]);
      expect(run.exitCode).toBe(0);
      const { readFile } = await import('node:fs/promises');
      expect(JSON.parse(await readFile(out, 'utf8')).summary.failed).toBe(0);
      expect(run.stdout).toMatch(/Cases/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 and names the file and line of a broken case file', async () => {
    const content = await copyContent();
    try {
      await writeFile(join(content.dir, 'cases/register-tools/read-routes-to-view.json'), '{\n  "name": "x",\n  "hint": \n}\n');
      const run = await runCli(['test', '--stage', 'register-tools', '--content', content.dir]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/cases\/register-tools\/read-routes-to-view\.json: invalid JSON at line 4, column 1/);
    } finally {
      await content.dispose();
    }
  });

  it('exits 2 with what to do when --dir has no program.ts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-empty-'));
    try {
      const run = await runCli(['test', '--dir', dir]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/no program\.ts in .*\n.*npx dispatch-lab init/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps going quietly when its reader closes the pipe early (… | head -1)', async () => {
    const { execa } = await import('execa');
    const script = `node bin/dispatch-lab.js test --stage echo --jobs 1 | head -1 >/dev/null; echo "grader exit: \${PIPESTATUS[0]}"`;
    const result = await execa('bash', ['-c', script], { cwd: repoRoot, reject: false, env: { NO_COLOR: '1' } });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('grader exit: 0');
  });

  it.each([
    [['test', '--stage', 'regster-tools'], /unknown stage "regster-tools" \(did you mean "register-tools"\?\)/],
    [['test', '--jobs', '0'], /--jobs must be a positive whole number/],
    [['test', '--shard', '3/2'], /--shard must look like I\/N/],
    [['test', '--reporter', 'xml'], /unknown reporter "xml"/],
    [['test', '--frobnicate'], /Unknown argument: frobnicate/],
    [['nonsense'], /Unknown argument: nonsense/],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const run = await runCli(args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
