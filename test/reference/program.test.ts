import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Runs `npx tsx program.ts <args>` with its own TMPDIR, so leftovers can be seen.
function runProgram(args: string[], input: string) {
  const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'program-test-'));
  try {
    const result = spawnSync('npx', ['tsx', 'program.ts', ...args], {
      cwd: REPO,
      input,
      encoding: 'utf8',
      env: { ...envWithout(COLOUR_SWITCHES), TMPDIR: tmpdir },
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

// A course directory laid out as `init` makes it, with the reference's dispatch layer in src/ in place of the
// stubs (types.ts stays the starter's), and a file that holds the reference against the starter's signatures.
async function starterWithReference(dir: string): Promise<void> {
  await fs.promises.cp(path.join(REPO, 'starter'), dir, { recursive: true, filter: (source) => !/\/starter\/(harness|gitignore)$/.test(source) });
  await fs.promises.cp(path.join(REPO, 'harness'), path.join(dir, 'harness'), { recursive: true });
  await fs.promises.symlink(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  await fs.promises.writeFile(path.join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  const src = path.join(dir, 'src');
  await fs.promises.rename(path.join(src, 'tools.ts'), path.join(src, 'starter-tools.ts'));
  await fs.promises.rename(path.join(src, 'execute.ts'), path.join(src, 'starter-execute.ts'));
  for (const name of fs.readdirSync(path.join(REPO, 'reference')).filter((n) => n.endsWith('.ts') && n !== 'index.ts' && n !== 'types.ts')) {
    await fs.promises.copyFile(path.join(REPO, 'reference', name), path.join(src, name));
  }
  await fs.promises.cp(path.join(REPO, 'reference/tools'), path.join(src, 'tools'), { recursive: true });
  await fs.promises.writeFile(
    path.join(src, 'starter-signatures.ts'),
    [
      "import type { Tools as StarterTools } from './starter-tools.ts';",
      "import type { makeExecute as starterMakeExecute } from './starter-execute.ts';",
      "import { Tools } from './tools.ts';",
      "import { makeExecute } from './execute.ts';",
      '// The reference fits the signatures the starter gives students.',
      'export const tools: new (root: string) => StarterTools = Tools;',
      'export const execute: typeof starterMakeExecute = makeExecute;',
      '',
    ].join('\n'),
  );
}

describe('a complete solution written against the starter', () => {
  it("type-checks: the reference's dispatch layer, compiled against starter/src/types.ts and the starter's signatures", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starter-solution-'));
    try {
      await starterWithReference(dir);
      const tsc = spawnSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir], { encoding: 'utf8' });
      expect(tsc.stdout).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
