import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Content, echoContent } from './echo-content.ts';
import { crashLinesNaming, MODES } from './hostile-names.ts';
import { runScenario } from './scenario.ts';

// Issue 36: a name a program prints is only a name. A program prints a made-up crash line naming
// "<its build folder>/../../…/<a host file>.mjs"; the host file carries an inline source map whose sourcesContent is a
// marker. The grader maps the stacks a run prints (grader/run/io/source-maps.ts): it must not read that host file, so
// the marker never shows, and the line is shown as printed. Run plainly and under each launcher this machine has.

const MARKER = `HOST-FILE-MARKER-${process.pid}-${Date.now()}`;
let content: Content;
let host = '';
let subs = '';

// A host file that looks built: one line of code and an inline map whose only source's text is the marker.
function builtLooking(): string {
  const map = { version: 3, sources: ['leak.ts'], sourcesContent: [`${MARKER} the host file was read`], names: [], mappings: 'AAAA' };
  return `console.log(1);\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}

beforeAll(async () => {
  content = await echoContent();
  host = await mkdtemp(join(tmpdir(), 'dispatch-lab-host-file-'));
  await writeFile(join(host, 'secret.mjs'), builtLooking());
  // Submissions in the suite's isolated folder (its node_modules copy above them), readable by nobody (cases under a root grader).
  subs = await mkdtemp(join(inject('isolatedRoot'), 'submissions-'));
  await chmod(subs, 0o755);
});
afterAll(async () => {
  await content?.dispose();
  await rm(host, { recursive: true, force: true });
  await rm(subs, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux').each(MODES)('a crash line naming a host file through ".." (%s, e2e)', (mode, flags, env) => {
  it('is shown as printed: the host file is not read, its map not quoted', async () => {
    const dir = join(subs, `quotes-host-file-${mode.replace(/\W+/g, '-')}`);
    await mkdir(dir);
    await writeFile(join(dir, 'program.ts'), crashLinesNaming(`build + '/..'.repeat(build.split('/').length) + ${JSON.stringify(join(host, 'secret.mjs'))}`));
    const run = await runScenario('', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', ...flags], { dir, env });
    expect(run.exitCode, run.stderr).toBe(1);
    // The made-up lines reached the failure block (else this test could not fail), as printed.
    expect(run.stdout).toContain('Error: made up');
    for (const text of [run.stdout, run.stderr, JSON.stringify(run.report ?? '')]) expect(text).not.toContain(MARKER);
    expect(run.stdout).toMatch(/\.dispatch-lab\/build\/[^\s/]+(\/\.\.)+\/.*secret\.mjs:1:1/);
    expect(run.leftovers).toEqual([]);
    expect(run.tempLeft).toEqual([]);
  }, 120_000);
});
