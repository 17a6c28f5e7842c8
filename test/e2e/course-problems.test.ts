import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, runCli } from './cli.ts';

// Broken case files and bad flags: exit 2, every problem listed at once, each with its file.

describe('a broken course is reported whole (e2e)', () => {
  it('lists invalid JSON, schema violations, duplicate names and manifest mismatches together, each with its file', async () => {
    const content = await copyContent();
    try {
      const at = (file: string) => join(content.dir, file);
      await writeFile(at('cases/echo/roundtrip.json'), '{\n  "name": "x",\n  "hint": \n}\n');
      const missingText = JSON.parse(await readFile(at('cases/echo/missing-text.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(at('cases/echo/missing-text.json'), JSON.stringify({ ...missingText, hint: undefined, expect: { exitCode: 'zero', stdot: {} } }));
      const unknownTool = JSON.parse(await readFile(at('cases/echo/unknown-tool.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(at('cases/echo/unknown-tool-copy.json'), JSON.stringify(unknownTool));
      const manifest = JSON.parse(await readFile(at('stages/stages.json'), 'utf8')) as { stages: object[] };
      manifest.stages.push({ slug: 'unwritten-stage', title: 'Unwritten', command: 'dispatch' });
      await writeFile(at('stages/stages.json'), JSON.stringify(manifest));
      await writeFile(at('stages/unwritten-stage.md'), '# Unwritten\n');
      await mkdir(at('cases/old-stage'));
      await writeFile(at('cases/old-stage/a.json'), '{}');

      const run = await runCli(['test', '--content', content.dir, '--stage', 'echo']);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      const problems = run.stderr.trimEnd().split('\n');
      for (const expected of [
        /^dispatch-lab: cases\/echo\/roundtrip\.json: invalid JSON at line 4, column 1: expected a value$/,
        /^dispatch-lab: cases\/echo\/missing-text\.json: \$: missing required property "hint"$/,
        /^dispatch-lab: cases\/echo\/missing-text\.json: \$\.expect: unknown property "stdot" \(did you mean "stdout"\?\)$/,
        /^dispatch-lab: cases\/echo\/missing-text\.json: \$\.expect\.exitCode: must be integer$/,
        /^dispatch-lab: cases\/echo\/unknown-tool\.json: duplicate case name ".+" \(also in cases\/echo\/unknown-tool-copy\.json\)$/,
        /^dispatch-lab: stages\/stages\.json: stage "unwritten-stage" has no cases \(expected a folder cases\/unwritten-stage\/\)$/,
        /^dispatch-lab: cases\/old-stage\/: folder is not a stage in stages\/stages\.json$/,
      ]) {
        expect(problems.some((p) => expected.test(p)), `${expected}\nin:\n${run.stderr}`).toBe(true);
      }
    } finally {
      await content.dispose();
    }
  });

  it('lists an unknown stage (with the closest slug) and every bad flag value at once', async () => {
    const run = await runCli(['test', '--stage', 'regster-tools', '--stage', 'vew', '--jobs', '0', '--timeout', '-5', '--repeat', '1.5', '--shard', '3/2', '--reporter', 'xml']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--jobs must be a positive whole number, got 0/);
    expect(run.stderr).toMatch(/--timeout must be a positive whole number, got -5/);
    expect(run.stderr).toMatch(/--repeat must be a positive whole number, got 1\.5/);
    expect(run.stderr).toMatch(/--shard must look like I\/N/);
    expect(run.stderr).toMatch(/unknown reporter "xml"/);
    expect(run.stderr).toMatch(/unknown stage "regster-tools" \(did you mean "register-tools"\?\)/);
    expect(run.stderr).toMatch(/unknown stage "vew" \(did you mean "view"\?\)/);
  });

  it('rejects a non-number flag value and a --case that matches nothing', async () => {
    const nan = await runCli(['test', '--timeout', 'soon']);
    expect(nan.exitCode).toBe(2);
    expect(nan.stderr).toMatch(/--timeout must be a positive whole number, got something that is not a number/);
    const none = await runCli(['test', '--stage', 'echo', '--case', 'rondtrip']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/no case matches --case "rondtrip"/);
  });

  it('refuses private case directories in watch mode, whose screen would show their values', async () => {
    const run = await runCli(['test', '--watch', '--cases', 'private-cases']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('dispatch-lab: --cases (private case directories) cannot be used with --watch: the watch screen would show their expected values; run them with `dispatch-lab test --cases DIR` (no --watch), or drop --cases to watch the bundled cases\n');
  });

  it('an unreadable manifest is one problem, not a crash', async () => {
    const content = await copyContent();
    try {
      await rm(join(content.dir, 'stages/stages.json'));
      const run = await runCli(['test', '--content', content.dir]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/^dispatch-lab: stages\/stages\.json: /m);
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      await content.dispose();
    }
  });
});
