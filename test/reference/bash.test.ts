import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Tools } from '../../reference/index.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';
import { err, testToolCases } from './tool-cases.ts';

const ran = (content: string, exitCode = 0) => ({ content, is_error: exitCode !== 0, exit_code: exitCode });
const TIMED_OUT = (seconds: string) => ({ content: `Error: Command timed out after ${seconds} seconds`, is_error: true, exit_code: 124 });

describe('bash', () => {
  testToolCases([
    { name: 'echo hi', call: (t) => t.bash('echo hi'), expected: ran('hi\n') },
    { name: 'output is not trimmed', call: (t) => t.bash("printf '  a\\n\\n'"), expected: ran('  a\n\n') },
    { name: 'no output', call: (t) => t.bash('true'), expected: ran('') },
    { name: 'UTF-8', call: (t) => t.bash("printf 'é→'"), expected: ran('é→') },
    { name: 'a failing exit code', call: (t) => t.bash('echo no; exit 3'), expected: ran('no\n', 3) },
    { name: 'stdout then stderr', call: (t) => t.bash('echo err >&2; echo out'), expected: ran('out\nerr\n') },
    { name: 'command not found', call: (t) => t.bash('definitely-not-a-command-xyz'), expected: ran('bash: line 1: definitely-not-a-command-xyz: command not found\n', 127) },
    { name: 'cwd is the sandbox', files: { 'a.txt': 'A' }, call: (t) => t.bash('cat a.txt'), expected: ran('A') },
    { name: 'pwd is the root', call: (t) => t.bash('pwd'), expected: (root) => ran(`${root}\n`) },
    { name: 'fixed environment', call: (t) => t.bash('echo "$HOME|$LANG|$LC_ALL|$TZ|$PATH"'), expected: (root) => ran(`${root}|C.UTF-8|C.UTF-8|UTC|/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n`) },
    { name: 'stdin is closed', call: (t) => t.bash('cat; echo done'), expected: ran('done\n') },
    { name: 'death by SIGKILL', call: (t) => t.bash('kill -KILL $$'), expected: ran('', 137) },
    { name: 'death by SIGTERM', call: (t) => t.bash('kill -TERM $$'), expected: ran('', 143) },
    { name: 'timeout', call: (t) => t.bash('echo partial; sleep 5', 300), expected: TIMED_OUT('0.3') },
    { name: 'timeout in whole seconds', call: (t) => t.bash('sleep 5', 1000), expected: TIMED_OUT('1') },
    { name: 'timeout null is the default', call: (t) => t.bash('echo hi', null), expected: ran('hi\n') },
    { name: 'timeout 0', call: (t) => t.bash('true', 0), expected: err('Error: Parameter timeout must be between 1 and 600000') },
    { name: 'timeout too large', call: (t) => t.bash('true', 600_001), expected: err('Error: Parameter timeout must be between 1 and 600000') },
    { name: 'timeout a string', call: (t) => t.bash('true', '100'), expected: err('Error: Parameter timeout must be an integer') },
    { name: 'timeout a fraction', call: (t) => t.bash('true', 1.5), expected: err('Error: Parameter timeout must be an integer') },
    { name: 'command missing', call: (t) => t.bash(undefined), expected: err('Error: Parameter command is required') },
    { name: 'command an array', call: (t) => t.bash(['echo', 'hi']), expected: err('Error: Parameter command must be a string') },
  ]);
});

// Whether a process is running (a zombie waiting for its reaper counts as gone).
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function expectGone(pids: number[]): Promise<void> {
  for (let attempt = 0; attempt < 50 && pids.some(isRunning); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(pids.filter(isRunning)).toEqual([]);
}

describe.skipIf(!fs.existsSync('/proc/self/stat'))('bash leaves no process behind', () => {
  it('kills background children when bash exits', () =>
    withTempSandbox({}, async (root) => {
      const started = Date.now();
      const result = await new Tools(root).bash('sleep 100 & echo $!');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result).toMatchObject({ is_error: false, exit_code: 0 });
      await expectGone([Number(result.content.trim())]);
    }));

  it('kills the whole group on timeout', () =>
    withTempSandbox({}, async (root) => {
      const result = await new Tools(root).bash('sleep 100 & echo $! > bg.pid; echo $$ > sh.pid; wait', 500);
      expect(result).toStrictEqual(TIMED_OUT('0.5'));
      const pids = ['bg.pid', 'sh.pid'].map((name) => Number(fs.readFileSync(`${root}/${name}`, 'utf8').trim()));
      await expectGone(pids);
    }));
});
