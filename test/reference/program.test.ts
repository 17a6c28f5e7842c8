import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Runs `npx tsx program.ts <args>` with its own TMPDIR, so leftovers can be seen.
function runProgram(args: string[], input: string) {
  const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'program-test-'));
  try {
    const result = spawnSync('npx', ['tsx', 'program.ts', ...args], {
      cwd: REPO,
      input,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: tmpdir },
    });
    return { stdout: result.stdout, stderr: result.stderr, status: result.status, leftovers: fs.readdirSync(tmpdir).filter((name) => name.startsWith('dispatch-')) };
  } finally {
    fs.rmSync(tmpdir, { recursive: true, force: true });
  }
}

describe('program.ts', () => {
  it('dispatch: the seed example, exactly', () => {
    const input = '{"sandbox": {"a.txt": "A"}, "calls": [{"tool": "Read", "input": {"path": "a.txt"}}]}';
    const run = runProgram(['dispatch'], input);
    expect(run).toMatchObject({ stdout: '{"results":[{"content":"1: A"}]}\n', stderr: '', status: 0, leftovers: [] });
  });

  it('dispatch: malformed stdin exits 1 with a message', () => {
    const run = runProgram(['dispatch'], 'not json');
    expect(run).toMatchObject({ stdout: '', stderr: 'dispatch: stdin is not valid JSON\n', status: 1 });
  });

  it('an unknown command exits 2', () => {
    const run = runProgram(['frobnicate'], '');
    expect(run).toMatchObject({ stdout: '', stderr: 'unknown command: frobnicate\n', status: 2 });
  });
});
