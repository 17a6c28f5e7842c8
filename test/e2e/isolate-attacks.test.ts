import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { echoCase, privateCases } from './ci-content.ts';
import { type Content, echoContent } from './echo-content.ts';
import { isolatedSubmissions, type Submissions } from './isolated-submission.ts';
import { leftoversOf } from '../leftovers.ts';
import { privateFolder, runScenario, type ScenarioRun } from './scenario.ts';

// The attacks of issue 21 against --isolate, under both launchers: a submission that imports, links or writes its way to
// hidden cases or the host gets a verdict, scores nothing it cheated on, and never sees the marker of a hidden case.

const MARKER = `HIDDEN-MARKER-${randomUUID()}`;
const isRoot = process.getuid?.() === 0;

let content: Content;
let subs: Submissions;
beforeAll(async () => {
  // A file of the hidden content that the grader never prints: the marker in any output means a submission read it.
  content = await echoContent((dir) => writeFile(join(dir, 'cases', 'echo', 'secret.txt'), `${MARKER}\n`));
  subs = await isolatedSubmissions(['honest', 'probes-host', 'hangs-with-child']);
});
afterAll(async () => {
  await content.dispose();
  await subs.dispose();
});

// A submission written by the test: program.ts and whatever else `make` puts beside it (links, FIFOs).
async function hostile(name: string, program: string, make?: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(subs.root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'program.ts'), program);
  await make?.(dir);
  return dir;
}

// A program that prints what it imported as `leaked`.
const answering = (imports: string) => `${imports}\nprocess.stdout.write(JSON.stringify(leaked) + '\\n');\n`;

function expectNoMarker(run: ScenarioRun | { stdout: string; stderr: string }, ...more: string[]): void {
  for (const text of [run.stdout, run.stderr, JSON.stringify((run as ScenarioRun).report ?? ''), ...more]) expect(text).not.toContain(MARKER);
}

const LAUNCHERS = [
  ['bubblewrap', { DISPATCH_LAB_ISOLATE_WITH: 'bwrap' }],
  ['unshare', { DISPATCH_LAB_ISOLATE_WITH: 'unshare' }],
] as const;

describe.runIf(process.platform === 'linux').each(LAUNCHERS)('--isolate attacks through %s (e2e)', (_, launcher) => {
  const isolated = (dir: string, env: Record<string, string> = {}) => runScenario('', ['--content', content.dir, '--stage', 'echo', '--isolate'], { dir, env: { ...launcher, ...env } });
  const stageOf = (run: ScenarioRun) => run.report?.stages[0];

  it('imports-cases: importing the content\'s case files (static and template-literal imports) is refused at the build; nothing passes', async () => {
    const dir = await hostile(`imports-cases-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, [
      `import leaked from ${JSON.stringify(join(content.dir, 'cases', 'echo', 'secret.txt'))} with { type: 'text' };`,
      `const name = process.argv[2] ?? 'secret';`,
      `const all = await import(\`${content.dir}/cases/echo/\${name}.txt\`);`,
      `process.stdout.write(JSON.stringify([leaked, all]) + '\\n');`,
    ].join('\n'));
    const run = await isolated(dir);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status !== 'pass')).toBe(true);
    expect(stageOf(run)?.cases[0]?.message).toBe('program.ts did not build');
    expect(stageOf(run)?.problem).toMatch(/program\.ts:1:\d+: (Could not resolve|refused to build) ".*secret\.txt"/);
    expectNoMarker(run);
  });

  it('links-host-file: a link to a root-only host file or to a case file is refused, naming the import', async () => {
    const dir = await hostile(`links-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, answering("import leaked from './host.txt' with { type: 'text' };\nimport other from './case.json' with { type: 'json' };\nvoid other;"), async (d) => {
      await symlink('/etc/shadow', join(d, 'host.txt'));
      await symlink(join(content.dir, 'cases', 'echo', 'secret.txt'), join(d, 'case.json'));
    });
    const run = await isolated(dir);
    expect(run.exitCode).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status !== 'pass')).toBe(true);
    // esbuild follows the link: the message names the real file and, below it, the import that reached it.
    expect(stageOf(run)?.problem).toMatch(/program\.ts:1:\d+: refused to build "\/etc\/shadow": it is outside the submission and its node_modules[^\n]*\n\s*import leaked from '\.\/host\.txt'/);
    expect(stageOf(run)?.problem).toMatch(/(refused to build|Could not resolve) "[^"]*(secret\.txt|case\.json)"/);
    expectNoMarker(run);
  });

  it('imports-fifo-and-device: a FIFO and /dev/zero are refused at once, the build never reads them', async () => {
    const dir = await hostile(`fifo-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, answering("import leaked from './pipe.txt' with { type: 'text' };\nimport zero from './zero.bin' with { type: 'text' };\nvoid zero;"), async (d) => {
      execFileSync('mkfifo', [join(d, 'pipe.txt')]);
      await symlink('/dev/zero', join(d, 'zero.bin'));
    });
    const run = await isolated(dir);
    expect(stageOf(run)?.problem).toMatch(/refused to build ".*pipe\.txt": it is not a regular file/);
    expect(stageOf(run)?.problem).toMatch(/refused to build "\/dev\/zero": it is outside the submission/);
    expect(stageOf(run)?.cases[0]?.message).toBe('program.ts did not build');
  });

  it('node_modules-link: a node_modules that links into the hidden content shows nothing of it, and no case can replace it', async () => {
    const program = [
      "import { readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';",
      'let seen = [];',
      "try { seen = readdirSync('node_modules', { recursive: true }).map(String); } catch {}",
      "try { rmSync('own', { force: true }); symlinkSync('/', 'own'); seen.push('wrote its own folder'); } catch {}",
      "const texts = seen.map((f) => { try { return readFileSync('node_modules/' + f, 'utf8'); } catch { return ''; } });",
      "process.stdout.write(JSON.stringify({ seen, texts }) + '\\n');",
    ].join('\n');
    const dir = await hostile(`node-modules-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, program, (d) => symlink(join(content.dir, 'cases', 'echo'), join(d, 'node_modules')));
    const run = await isolated(dir);
    expect(run.exitCode).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status === 'fail')).toBe(true);
    expect(run.stdout).not.toMatch(/wrote its own folder/);
    expect(existsSync(join(dir, 'own'))).toBe(false);
    expectNoMarker(run);
  });

  it('probes-host: no case reads /etc/shadow or opens a kernel setting, /sys or a cgroup file (its own limits included) for writing; as root, an unisolated run does', async () => {
    const run = await isolated(subs.dirOf('probes-host'));
    expect(run.report?.summary.failed, run.stdout).toBe(0);
    expect(run.report?.summary.passed).toBeGreaterThan(0);
    if (!isRoot) return;
    const open = await runScenario('', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip'], { dir: subs.dirOf('probes-host') });
    expect(open.stdout).toMatch(/reached the host: \/etc\/shadow/);
  });

  it('hanging-build: a build that never ends (its package.json is a FIFO) costs its build limit; grade grades the others and writes the gradebook', async () => {
    const hang = await hostile(`hanging-build-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, "console.log('never built');\n", async (d) => void execFileSync('mkfifo', [join(d, 'package.json')]));
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      const run = await runCli(['grade', hang, subs.dirOf('honest'), '--content', content.dir, '--stage', 'echo', '--isolate', '--out', out], { env: { TMPDIR: folder.tmp, DISPATCH_LAB_BUILD_TIMEOUT_MS: '5000', ...launcher }, timeoutMs: 200_000 });
      expect(run.exitCode).toBe(1);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as { complete: boolean; submissions: { score: number; maxScore: number }[] };
      expect(book.complete).toBe(true);
      const [hung, honest] = book.submissions;
      expect(hung).toMatchObject({ score: 0 });
      expect(JSON.stringify(hung)).toMatch(/the build took longer than 5 s/);
      expect(honest?.score).toBe(honest?.maxScore);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 240_000);

  it('odd-folder-name: an honest submission in a folder named with \\, quotes, spaces and unicode is built and graded', async () => {
    const program = [
      "import { readFileSync } from 'node:fs';",
      "import { echo } from './lib/echo.ts';",
      "const { calls } = JSON.parse(readFileSync(0, 'utf8'));",
      "process.stdout.write(JSON.stringify({ results: calls.map(echo) }) + '\\n');",
    ].join('\n');
    const dir = await hostile(`we\\ird 'n" ü ${launcher.DISPATCH_LAB_ISOLATE_WITH}`, program, async (d) => {
      await mkdir(join(d, 'lib'));
      await writeFile(join(d, 'lib', 'echo.ts'), "export const echo = (call: { input: { text: string } }) => ({ content: call.input.text });\n");
    });
    for (const isolate of [['--isolate'], []]) {
      const run = await runScenario('', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', ...isolate], { dir, env: launcher });
      expect(run.report?.stages[0]?.cases[0], run.stdout).toMatchObject({ status: 'pass' });
    }
  });

  it('host-sockets: a unix socket of the host in /tmp, or beside the submission, takes no connection from a case', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-sockets-'));
    const dir = join(subs.root, `sockets-${launcher.DISPATCH_LAB_ISOLATE_WITH}`);
    await mkdir(dir, { recursive: true });
    // Beside the submission the socket is visible; under a root grader the case (nobody) may not write to it.
    const paths = [join(scratch, 'host.sock'), ...(isRoot ? [join(dir, 'host.sock')] : [])];
    let connections = 0;
    const servers = await Promise.all(paths.map((path) => new Promise<Server>((resolve) => {
      const server = createServer((socket) => {
        connections++;
        socket.end(`${MARKER}\n`);
      });
      server.listen(path, () => resolve(server));
    })));
    try {
      await hostile(`sockets-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, [
        "import { connect } from 'node:net';",
        `const paths = ${JSON.stringify(paths)};`,
        'const heard = await Promise.all(paths.map((path) => new Promise((resolve) => {',
        "  const socket = connect(path, () => socket.on('data', (d) => resolve(String(d))));",
        "  socket.on('error', (error) => resolve(error.code));",
        '})));',
        "process.stdout.write(JSON.stringify({ heard }) + '\\n');",
      ].join('\n'));
      const run = await isolated(dir);
      expect(stageOf(run)?.cases.every((c) => c.status === 'fail')).toBe(true);
      expect(connections).toBe(0);
      expectNoMarker(run);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('private-case-leak: a program that echoes a private case\'s input and times itself by it leaks neither through pretty nor JUnit', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-private-'));
    try {
      const privateDir = await privateCases(scratch, 'echo', { 'secret.json': echoCase('a private case', MARKER) });
      const dir = await hostile(`private-leak-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, [
        "import { readFileSync } from 'node:fs';",
        "const sent = readFileSync(0, 'utf8');",
        '// 20 ms a character of the input: its length in the run time.',
        'const until = Date.now() + 20 * Math.min(sent.length, 100);',
        'while (Date.now() < until);',
        "process.stderr.write(sent + '\\n');",
        "process.stdout.write(JSON.stringify({ results: [{ content: sent }] }) + '\\n');",
      ].join('\n'));
      const run = await runCli(['test', '--dir', dir, '--content', content.dir, '--stage', 'echo', '--case', 'secret', '--cases', privateDir, '--isolate', '--reporter', 'pretty', '--reporter', 'junit'], { env: { ...launcher } });
      expect(run.stdout).toContain('a private case');
      expect(run.stdout).toMatch(/<testcase classname="echo" name="a private case"[^>]* time="0\.000"/);
      // pretty shows a private case's time as 0 ms (its run took at least 500 ms).
      expect(run.stdout).toMatch(/✗ a private case 0 ms\n/);
      expectNoMarker(run);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('kill-9: after kill -9 of the grader no process of a case is left', async () => {
    const folder = await privateFolder();
    try {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', subs.dirOf('hangs-with-child'), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--isolate', '--timeout', '120000'], { env: { ...process.env, TMPDIR: folder.tmp, NO_COLOR: '1', ...launcher }, stdio: 'ignore' });
      // The case is running once it wrote its start file in its temp dir.
      const started = async () => readdirSync(folder.tmp).some((d) => existsSync(join(folder.tmp, d, 'started')));
      for (let i = 0; i < 600 && !(await started()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await started()).toBe(true);
      expect(await leftoversOf(folder.base)).not.toEqual([]);
      child.kill('SIGKILL');
      let left = await leftoversOf(folder.base);
      for (let i = 0; i < 100 && left.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        left = await leftoversOf(folder.base);
      }
      expect(left).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 120_000);
});

