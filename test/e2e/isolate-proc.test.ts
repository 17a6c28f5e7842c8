import { chmod, chown, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { ISOLATED_MODES } from './hostile-names.ts';
import { privateFolder, runScenario } from './scenario.ts';

// Issue 36: /proc is read-only inside the sandbox under util-linux unshare too, as bubblewrap keeps /proc/sys. A case
// opens for writing files that its own user may write (its own /proc/self/comm; /proc/sys/kernel/hostname, which root
// of the case's own UTS namespace may set): under unshare every one is refused as a read-only file system (EROFS),
// whatever uid the case has (namespace root under a grader that is not root, nobody under a root grader); under
// bubblewrap /proc/sys is refused. Without --isolate, the same program writes its comm (a control: the probe works).

let content: Content;
let subs = '';

// A program that tries each write and prints what happened ("ok" or the error code) on stderr, then fails.
const PROBE = [
  "import { writeFileSync } from 'node:fs';",
  'const tried = {};',
  "for (const [name, path, text] of [['comm', '/proc/self/comm', 'probe'], ['hostname', '/proc/sys/kernel/hostname', 'probe-host'], ['core_pattern', '/proc/sys/kernel/core_pattern', 'core']]) {",
  "  try { writeFileSync(path, text); tried[name] = 'ok'; } catch (error) { tried[name] = error.code; }",
  '}',
  "process.stderr.write(`proc-writes ${JSON.stringify(tried)} uid=${process.getuid()}\\n`);",
  'process.exitCode = 1;',
  '',
].join('\n');

beforeAll(async () => {
  content = await echoContent();
  subs = await mkdtemp(join(inject('isolatedRoot'), 'submissions-'));
  await chmod(subs, 0o755);
  await mkdir(join(subs, 'proc-writer'));
  await writeFile(join(subs, 'proc-writer', 'program.ts'), PROBE);
});
afterAll(async () => {
  await content?.dispose();
  await rm(subs, { recursive: true, force: true });
});

// What the probe printed: each write's outcome.
async function procWrites(flags: string[], env: Record<string, string>): Promise<Record<string, string>> {
  const run = await runScenario('', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', ...flags], { dir: join(subs, 'proc-writer'), env });
  const found = /proc-writes (\{[^\n]*\}) uid=\d+/.exec(run.stdout);
  if (!found?.[1]) throw new Error(`the probe printed nothing:\n${run.stdout}\n${run.stderr}`);
  expect(run.leftovers).toEqual([]);
  return JSON.parse(found[1]) as Record<string, string>;
}

describe.runIf(process.platform === 'linux')('/proc inside the sandbox (e2e)', () => {
  it('without --isolate (the control): a program writes its own /proc/self/comm', async () => {
    expect((await procWrites([], {})).comm).toBe('ok');
  }, 120_000);

  it.each(ISOLATED_MODES)('%s: no write to /proc/sys reaches the kernel; under unshare every /proc write is EROFS', async (mode, flags, env) => {
    const writes = await procWrites(flags, env);
    expect(writes.hostname).not.toBe('ok');
    expect(writes.core_pattern).not.toBe('ok');
    if (mode.endsWith('unshare')) expect(writes).toEqual({ comm: 'EROFS', hostname: 'EROFS', core_pattern: expect.stringMatching(/^(EROFS|EACCES)$/) });
    else expect(writes.hostname).toMatch(/^(EROFS|EACCES|EPERM)$/);
  }, 120_000);

  // Under a root grader cases run as nobody; a grader that is not root runs them as root of their user namespace. Here
  // the grader itself is nobody, so the case is uid 0 inside: only the read-only mount stops its writes.
  const unshare = ISOLATED_MODES.find(([mode]) => mode.endsWith('unshare'));
  it.runIf(process.getuid?.() === 0 && unshare !== undefined)('--isolate through unshare with a grader that is not root: the case is uid 0 of its namespace, and its /proc writes are EROFS', async () => {
    const folder = await privateFolder();
    try {
      await mkdir(join(folder.base, 'home'));
      const handOver = async (dir: string) => {
        await chown(dir, 65534, 65534);
        for (const entry of await readdir(dir, { recursive: true, encoding: 'utf8' })) await chown(join(dir, entry), 65534, 65534);
      };
      for (const dir of [content.dir, join(subs, 'proc-writer'), folder.base]) await handOver(dir);
      const run = await execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', join(subs, 'proc-writer'), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--isolate'], {
        uid: 65534,
        gid: 65534,
        cwd: folder.base,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(folder.base, 'home'), TMPDIR: folder.tmp, NO_COLOR: '1', COLUMNS: '10000', ...unshare?.[2] },
        extendEnv: false,
        reject: false,
        timeout: 240_000,
      });
      const found = /proc-writes (\{[^\n]*\}) uid=(\d+)/.exec(String(run.stdout));
      expect(found, `${String(run.stdout)}\n${String(run.stderr)}`).not.toBeNull();
      expect(found?.[2]).toBe('0');
      expect(JSON.parse(found?.[1] ?? '{}')).toEqual({ comm: 'EROFS', hostname: 'EROFS', core_pattern: expect.stringMatching(/^(EROFS|EACCES)$/) });
    } finally {
      await folder.dispose();
    }
  }, 240_000);
});
