import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgramBuilder, type ProgramBuilder } from '../../grader/run/io/build-program.ts';

// No course server outlives its case: the hardest cases run through `program.ts mcp` itself, built
// once as the grader builds it (but not run by the grader, whose process sweep would hide a leak),
// with the server started through a symlink in a fresh directory, so that /proc shows exactly the
// processes of this test.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = 'harness/mcp/course-server.mjs';

type CaseFile = { input: { servers: { args?: string[] }[] }; expect: { stdout: unknown; exitCode?: number } };

let marker: string;
let builder: ProgramBuilder;
let bundlePath: string;

beforeAll(async () => {
  marker = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-processes-'));
  // Node resolves a symlinked main module by its real path, so the SDK is found from harness/mcp/.
  fs.symlinkSync(path.join(REPO, SERVER), path.join(marker, 'course-server.mjs'));
  builder = await createProgramBuilder(REPO, `mcp-processes-${randomUUID()}`);
  const build = await builder.build();
  if (!build.ok) throw new Error(build.errors.join('\n'));
  bundlePath = build.bundlePath;
});

afterAll(async () => {
  for (const pid of serverPids()) process.kill(pid, 'SIGKILL');
  fs.rmSync(marker, { recursive: true, force: true });
  await builder.dispose();
});

// The pids of live (not zombie) processes whose command line names the marked server.
function serverPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = readOr(`/proc/${entry}/cmdline`).replaceAll('\0', ' ');
    const stat = readOr(`/proc/${entry}/stat`);
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') pids.push(Number(entry));
  }
  return pids;
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

// A case's input with its servers started through the marked path.
function markedInput(input: CaseFile['input']): string {
  const servers = input.servers.map((server) => ({ ...server, args: (server.args ?? []).map((arg) => (arg === SERVER ? path.join(marker, 'course-server.mjs') : arg)) }));
  return JSON.stringify({ ...input, servers });
}

function runProgram(stdin: string) {
  return spawnSync(process.execPath, [bundlePath, 'mcp'], { cwd: REPO, input: stdin, encoding: 'utf8' });
}

describe.runIf(process.platform === 'linux')('program.ts mcp leaves no server process behind', () => {
  it.each(['crash-mid-call', 'hang-timeout-cancelled', 'two-servers-one-crashes', 'list-changed-one-server'])('%s', (name) => {
    const file = JSON.parse(fs.readFileSync(path.join(REPO, 'cases/mcp-discovery', `${name}.json`), 'utf8')) as CaseFile;
    const run = runProgram(markedInput(file.input));
    expect({ stdout: JSON.parse(run.stdout) as unknown, status: run.status }).toStrictEqual({ stdout: file.expect.stdout, status: file.expect.exitCode ?? 0 });
    expect(serverPids()).toStrictEqual([]);
  });

  it('when the second server fails to start, it is reported and the first is closed all the same', () => {
    const input = { servers: [{ name: 'alpha', command: 'node', args: [SERVER, '--tools', 'hang'] }, { name: 'beta', command: 'node', args: [SERVER, '--tools', 'no_such_tool'] }], calls: [] };
    const run = runProgram(markedInput(input));
    expect({ stdout: JSON.parse(run.stdout) as unknown, status: run.status }).toStrictEqual({
      stdout: { server_errors: [{ server: 'beta', error: 'MCP server beta exited before answering initialize' }], results: [] },
      status: 0,
    });
    expect(serverPids()).toStrictEqual([]);
  });

  it('a server that never answers initialize is stopped once its budget has passed', () => {
    // The marker after the script is only there so that /proc shows this process as the test's.
    const input = { servers: [{ name: 'mute', command: 'node', args: ['-e', 'process.stdin.resume()', marker], startup_timeout_ms: 200 }], calls: [{ tool: 'echo', input: { text: 'hi' } }] };
    const run = runProgram(JSON.stringify(input));
    expect({ stdout: JSON.parse(run.stdout) as unknown, status: run.status }).toStrictEqual({
      stdout: { server_errors: [{ server: 'mute', error: 'MCP server mute did not answer initialize within 200 ms' }], results: [{ content: 'hi' }] },
      status: 0,
    });
    expect(serverPids()).toStrictEqual([]);
  });
});
