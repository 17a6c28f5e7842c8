import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';
import { repoRoot, runCli } from './cli.ts';
import { echoCase, privateCases } from './ci-content.ts';
import { MARKER, expectNoMarker, isRoot, useAttackKit } from './isolate-attack-kit.ts';
import { LAUNCHERS } from './launchers.ts';
import { leftoversOf } from '../leftovers.ts';
import { caseCgroupsOf, removeCaseCgroups } from './case-cgroups.ts';
import { onlyCase, privateFolder, runScenario, type ScenarioRun } from './scenario.ts';
import { CGROUP_PARENTS, SUITE_PREFIX } from '../suite-folder.ts';
import { removeCgroup } from '../../grader/sandbox/io/cgroup-files.ts';

// The run attacks of issue 21 against --isolate, under each launcher this machine has (launchers.ts): what a case
// links, writes, opens or connects to never reaches hidden content or the host (root-only files, kernel settings,
// cgroups, sockets), a private case leaks nothing through its output or run time, and kill -9 of the grader leaves no
// process.

const kit = useAttackKit(['probes-host', 'hangs-with-child']);

describe.runIf(process.platform === 'linux').each(LAUNCHERS)('--isolate run attacks through %s (e2e)', (_, launcher) => {
  const stageOf = (run: ScenarioRun) => run.report?.stages[0];

  it('node_modules-link: a node_modules that links into the hidden content shows nothing of it, and no case can replace it', async () => {
    const program = [
      "import { readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';",
      'let seen = [];',
      "try { seen = readdirSync('node_modules', { recursive: true }).map(String); } catch {}",
      "try { rmSync('own', { force: true }); symlinkSync('/', 'own'); seen.push('wrote its own folder'); } catch {}",
      "const texts = seen.map((f) => { try { return readFileSync('node_modules/' + f, 'utf8'); } catch { return ''; } });",
      "process.stdout.write(JSON.stringify({ seen, texts }) + '\\n');",
    ].join('\n');
    const dir = await kit.hostile(`node-modules-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, program, (d) => symlink(join(kit.content().dir, 'cases', 'echo'), join(d, 'node_modules')));
    const run = await kit.isolated(dir, launcher);
    expect(run.exitCode).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status === 'fail')).toBe(true);
    expect(run.stdout).not.toMatch(/wrote its own folder/);
    expect(existsSync(join(dir, 'own'))).toBe(false);
    expectNoMarker(run);
    // A whole stage, isolated: through unshare at load 30 it took over a minute.
  }, 240_000);

  it('probes-host: no case reads /etc/shadow or opens a kernel setting, /sys or a cgroup file (its own limits included) for writing; as root, an unisolated run does', async () => {
    const run = await kit.isolated(kit.subs().dirOf('probes-host'), launcher);
    expect(run.report?.summary.failed, run.stdout).toBe(0);
    expect(run.report?.summary.passed).toBeGreaterThan(0);
    if (!isRoot) return;
    const open = await runScenario('', ['--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip'], { dir: kit.subs().dirOf('probes-host') });
    expect(open.stdout).toMatch(/reached the host: \/etc\/shadow/);
  });

  it.each([
    ['memory', 'memory limit exceeded: the case used more than 512 MiB'],
    ['processes', 'too many processes: the case tried to run more than 256 at once'],
  ])('cgroup-escape: a case that writes itself into every cgroup.procs and tasks it sees (the root and its parent groups, every v1 hierarchy) stays in its own, and its %s limit holds; as root, an unisolated case moves', async (limit, verdict) => {
    const dir = await kit.hostile(`cgroup-escape-${limit}-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, cgroupEscape(limit, '/sys/fs/cgroup', 4));
    const args = ['--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip'];
    const run = await runScenario('', [...args, '--isolate'], { dir, env: { ...launcher } });
    expect(onlyCase(run).message, run.stdout).toContain(verdict);
    const refused = /refused (\d+) of (\d+) moves/.exec(run.stdout);
    expect(Number(refused?.[1])).toBeGreaterThan(0);
    expect(refused?.[1]).toBe(refused?.[2]);
    expect(run.stdout).not.toMatch(/moved into|allocated \d+ bytes|started 600 processes/);
    // The control, unisolated: the same program moves, into a cgroup this test made for it and only there (writing into
    // the host's own groups would move a process of the host into another job's group). Only root can make one.
    const own = await ownCgroup();
    if (!own) return;
    try {
      const control = await kit.hostile(`cgroup-control-${limit}-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, cgroupEscape(limit, own, 0));
      const open = await runScenario('', args, { dir: control });
      expect(open.stdout).toContain(`moved into ${own}/`);
    } finally {
      await removeCgroup(own);
    }
  }, 180_000);

  it('host-sockets: a world-writable unix socket of the host (in the submission, in a folder of it named with a space and a newline, in /tmp, as root in /var/lib) takes no connection from a case, whose own child pipes still work; an unisolated run connects to each', async () => {
    const name = `sockets-${launcher.DISPATCH_LAB_ISOLATE_WITH}`;
    const dir = join(kit.subs().root, name);
    const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-sockets-'));
    // Outside /tmp, /run and /var/tmp, as a service of the host would put it (only root may write there).
    // Named for the suite run (suite-folder.ts), so that the next run removes it if this one is killed before the end.
    const host = isRoot && existsSync('/var/lib') ? await mkdtemp(`/var/lib/${SUITE_PREFIX}sockets-${process.pid}-`) : undefined;
    await mkdir(join(dir, 'odd dir'), { recursive: true });
    const paths = [join(dir, 'host.sock'), join(dir, 'odd dir', 'a b\nc.sock'), join(scratch, 'host.sock'), ...(host ? [join(host, 'host.sock')] : [])];
    for (const folder of [scratch, ...(host ? [host] : [])]) await chmod(folder, 0o755);
    let connections = 0;
    const servers = await Promise.all(paths.map((path) => new Promise<Server>((resolve) => {
      const server = createServer((socket) => {
        connections++;
        socket.on('error', () => {});
        // Read what the case sends (or the socket never ends and the server never closes).
        socket.resume();
        socket.end(`${MARKER}\n`);
      });
      // Mode 0777: writable by every user, so by the case's user too, whoever the grader is.
      server.listen(path, () => chmod(path, 0o777).then(() => resolve(server)));
    })));
    try {
      // Its own unix sockets: bubblewrap's seccomp filter refuses every socket(AF_UNIX); util-linux has none.
      const ownSocket = launcher.DISPATCH_LAB_ISOLATE_WITH === 'bwrap' ? 'EACCES' : 'own';
      await kit.hostile(name, [
        "import { spawn } from 'node:child_process';",
        "import { readFileSync } from 'node:fs';",
        "import { connect, createServer } from 'node:net';",
        "import { join } from 'node:path';",
        `const paths = ${JSON.stringify(paths)};`,
        'const heard = await Promise.all(paths.map((path) => new Promise((resolve) => {',
        "  const socket = connect(path, () => { socket.end('a case was here\\n'); resolve('connected'); });",
        "  socket.on('error', (error) => resolve(error.code));",
        '})));',
        '// A child with piped stdio: libuv makes those pipes with socketpair().',
        'const piped = await new Promise((resolve) => {',
        "  const child = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'inherit'] });",
        "  let out = '';",
        "  child.stdout.on('data', (d) => (out += d));",
        "  child.on('close', () => resolve(out));",
        "  child.stdin.end('through a pipe');",
        '});',
        'const own = await new Promise((resolve) => {',
        "  const path = join(process.env.TMPDIR ?? '.', 'own.sock');",
        "  const server = createServer((s) => s.end('own'));",
        "  server.on('error', (error) => resolve(error.code));",
        '  server.listen(path, () => {',
        "    let got = '';",
        '    const socket = connect(path);',
        "    socket.on('data', (d) => (got += d));",
        "    socket.on('end', () => server.close(() => resolve(got)));",
        "    socket.on('error', (error) => resolve(error.code));",
        '  });',
        '});',
        "const calls = JSON.parse(readFileSync(0, 'utf8')).calls;",
        `const held = heard.every((h) => h !== 'connected') && piped === 'through a pipe' && own === ${JSON.stringify(ownSocket)};`,
        'const results = held ? calls.map((c) => ({ content: c.input.text })) : [{ content: JSON.stringify({ heard, piped, own }) }];',
        "process.stdout.write(JSON.stringify({ results }) + '\\n');",
      ].join('\n'));
      const args = ['--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip'];
      const run = await runScenario('', [...args, '--isolate'], { dir, env: { ...launcher } });
      expect(onlyCase(run).status, onlyCase(run).message).toBe('pass');
      expect(connections).toBe(0);
      expectNoMarker(run);
      // The control: unisolated, the same program connects to every socket.
      const open = await runScenario('', args, { dir });
      expect(onlyCase(open).status).toBe('fail');
      expect(connections).toBe(paths.length);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all([scratch, ...(host ? [host] : [])].map((folder) => rm(folder, { recursive: true, force: true })));
    }
  });

  it('private-case-leak: a program that echoes a private case\'s input and times itself by it leaks neither through pretty nor JUnit', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-private-'));
    try {
      const privateDir = await privateCases(scratch, 'echo', { 'secret.json': echoCase('a private case', MARKER) });
      const dir = await kit.hostile(`private-leak-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, [
        "import { readFileSync } from 'node:fs';",
        "const sent = readFileSync(0, 'utf8');",
        '// 20 ms a character of the input: its length in the run time.',
        'const until = Date.now() + 20 * Math.min(sent.length, 100);',
        'while (Date.now() < until);',
        "process.stderr.write(sent + '\\n');",
        "process.stdout.write(JSON.stringify({ results: [{ content: sent }] }) + '\\n');",
      ].join('\n'));
      const run = await runCli(['test', '--dir', dir, '--content', kit.content().dir, '--stage', 'echo', '--case', 'secret', '--cases', privateDir, '--isolate', '--reporter', 'pretty', '--reporter', 'junit'], { env: { ...launcher } });
      expect(run.stdout).toContain('a private case');
      expect(run.stdout).toMatch(/<testcase classname="echo" name="a private case"[^>]* time="0\.000"/);
      // pretty shows a private case's time as 0 ms (its run took at least 500 ms).
      expect(run.stdout).toMatch(/✗ a private case \(private\)\n/);
      expectNoMarker(run);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('kill-9: after kill -9 of the grader no process of a case is left', async () => {
    const folder = await privateFolder();
    // The case's cgroups, which the killed grader cannot remove: this test does.
    let cgroups: string[] = [];
    try {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', kit.subs().dirOf('hangs-with-child'), '--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip', '--isolate', '--timeout', '120000'], { env: { ...envWithout(COLOUR_SWITCHES), TMPDIR: folder.tmp, NO_COLOR: '1', ...launcher }, stdio: 'ignore' });
      // The case is running once it wrote its start file in its temp dir.
      const started = async () => readdirSync(folder.tmp).some((d) => existsSync(join(folder.tmp, d, 'started')));
      for (let i = 0; i < 600 && !(await started()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await started()).toBe(true);
      const running = await leftoversOf(folder.base);
      expect(running).not.toEqual([]);
      cgroups = await caseCgroupsOf(running.map((line) => Number(line.split(' ')[0])));
      child.kill('SIGKILL');
      let left = await leftoversOf(folder.base);
      for (let i = 0; i < 100 && left.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        left = await leftoversOf(folder.base);
      }
      expect(left).toEqual([]);
      await removeCaseCgroups(cgroups);
      for (const dir of cgroups) expect(existsSync(dir), `the case's cgroup ${dir}`).toBe(false);
    } finally {
      await removeCaseCgroups(cgroups);
      await folder.dispose();
    }
  }, 120_000);
});

// A program that writes its PID into every cgroup.procs and tasks file `depth` levels down from `root`, and exits 3
// once one took it; refused everywhere, it takes 1.5 GiB or starts 600 processes, against the case's limit.
function cgroupEscape(limit: string, root: string, depth: number): string {
  return [
    "import { spawn } from 'node:child_process';",
    "import { readdirSync, writeFileSync } from 'node:fs';",
    "import { join } from 'node:path';",
    '// Every cgroup.procs and tasks file down each hierarchy: the case\'s own group and its parents among them.',
    'function moveFiles(dir, depth) {',
    '  let entries = [];',
    '  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return []; }',
    "  const here = entries.filter((e) => e.name === 'cgroup.procs' || e.name === 'tasks').map((e) => join(dir, e.name));",
    '  return depth === 0 ? here : [...here, ...entries.filter((e) => e.isDirectory()).flatMap((e) => moveFiles(join(dir, e.name), depth - 1))];',
    '}',
    `const files = moveFiles(${JSON.stringify(root)}, ${depth});`,
    'const moved = [];',
    'for (const file of files) {',
    '  try { writeFileSync(file, String(process.pid)); moved.push(file); } catch {}',
    '}',
    'if (moved.length > 0) {',
    "  process.stderr.write(`moved into ${moved.join(', ')}\\n`);",
    '  process.exit(3);',
    '}',
    'process.stderr.write(`refused ${files.length} of ${files.length} moves\\n`);',
    `if (${JSON.stringify(limit)} === 'memory') {`,
    '  const block = Buffer.alloc(1.5 * 1024 ** 3, 1);',
    "  process.stderr.write(`allocated ${block.length} bytes\\n`);",
    '} else {',
    '  let started = 0;',
    '  for (; started < 600; started++) {',
    "    const child = spawn('sleep', ['60'], { stdio: 'ignore' });",
    "    const failed = await new Promise((resolve) => { child.once('spawn', () => resolve(false)); child.once('error', () => resolve(true)); });",
    '    if (failed) break;',
    '  }',
    "  process.stderr.write(`started ${started} processes\\n`);",
    '}',
    "process.stdout.write('{}\\n');",
  ].join('\n');
}

// A cgroup made for this test (named for the suite run, so a killed run's is removed by the next), in the first
// hierarchy that lets this process make one; undefined where none does (not root, or a read-only cgroup tree).
async function ownCgroup(): Promise<string | undefined> {
  for (const parent of CGROUP_PARENTS) {
    if (!existsSync(join(parent, 'cgroup.procs'))) continue;
    const dir = join(parent, `${SUITE_PREFIX}cgroup-${process.pid}-${randomUUID()}`);
    try {
      await mkdir(dir);
      return dir;
    } catch {
      // Not writable here: the next hierarchy.
    }
  }
  return undefined;
}
