import { mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { courseSubset } from './course-subset.ts';

// A student who has finished echo and nothing else.
const ECHO_ONLY = `import type { Execute } from './types.ts';
import type { Tools } from './tools.ts';

export function makeExecute(tools: Tools): Execute {
  void tools;
  return async (name, input) => {
    const fields = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
    if (name !== 'echo') return { content: \`unknown tool: \${name}\`, is_error: true };
    if (fields.text === undefined || fields.text === null) return { content: 'Error: Parameter text is required', is_error: true };
    if (typeof fields.text !== 'string') return { content: 'Error: Parameter text must be a string', is_error: true };
    return { content: fields.text };
  };
}
`;

describe('a student walking through the course (e2e)', () => {
  let root: string;
  let course: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'dispatch-lab-flow-'));
    course = join(root, 'course');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('init scaffolds program.ts, the harness, stubs, package.json, tsconfig and a README', async () => {
    const run = await runCli(['init', course]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/next:\n\s+cd .*\n\s+npm install/);
    for (const file of ['program.ts', 'harness/main.ts', 'src/execute.ts', 'src/tools.ts', 'package.json', 'tsconfig.json', 'README.md', '.gitignore']) {
      expect(existsSync(join(course, file)), file).toBe(true);
    }
    const manifest = JSON.parse(await readFile(join(course, 'package.json'), 'utf8')) as { type: string; devDependencies: Record<string, string> };
    expect(manifest.type).toBe('module');
    expect(Object.keys(manifest.devDependencies)).toEqual(expect.arrayContaining(['dispatch-lab', 'tsx']));
  });

  it('the scaffolded course type-checks as students open it in an editor', async () => {
    await symlink(join(repoRoot, 'node_modules'), join(course, 'node_modules'));
    try {
      const result = await execa(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', course], { reject: false });
      expect(result.stdout).toBe('');
      expect(result.exitCode).toBe(0);
    } finally {
      await unlink(join(course, 'node_modules'));
    }
  });

  it('init refuses to overwrite a course directory', async () => {
    const run = await runCli(['init', course]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/already holds a program\.ts/);
  });

  it('a fresh starter fails echo with "not implemented", skips the rest and says what is next', async () => {
    const run = await runCli(['test', '--dir', course]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/not implemented yet: makeExecute in src\/execute\.ts/);
    expect(run.stdout).toMatch(/… and 15 more cases failed the same way/);
    expect(run.stdout).not.toMatch(/at .*\(.*:\d+:\d+\)/);
    expect(run.stdout).toMatch(/view · skipped \(\d+ cases\): an earlier stage fails: finish echo first/);
    expect(run.stdout).toMatch(/next: stage echo — npx dispatch-lab show echo/);
  });

  it('finishing echo passes echo, fails view and moves next: to view', async () => {
    await writeFile(join(course, 'src/execute.ts'), ECHO_ONLY);
    const run = await runCli(['test', '--dir', course]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/echo · .*\n(\s+✓ .*\n)+/);
    expect(run.stdout).toMatch(/✗ view › /);
    expect(run.stdout).toMatch(/create · skipped/);
    expect(run.stdout).toMatch(/next: stage view — npx dispatch-lab show view/);
  });

  it('stages shows echo passed, view failed and the rest not yet', async () => {
    const run = await runCli(['stages', '--dir', course]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/ 1 {2}✓ {2}echo .*\((\d+)\/\1\)/);
    expect(run.stdout).toMatch(/ 2 {2}✗ {2}view .*\(0\/\d+\)/);
    expect(run.stdout).toMatch(/ 3 {2}· {2}create .*not yet/);
    expect(run.stdout).toMatch(/next: view — npx dispatch-lab show view/);
  });

  // Four stages of the course, three cases each (one per kind of failing stage after the passing one): --all on the
  // whole course shows nothing more and takes minutes on a loaded 2-core machine.
  it('--all grades every stage, even after a failing one', { timeout: 300_000 }, async () => {
    const content = await courseSubset(['echo', 'view', 'workspace-protocol', 'mcp-discovery'], 3);
    try {
      const run = await runCli(['test', '--all', '--dir', course, '--content', content.dir, '--reporter', 'json'], { timeoutMs: 280_000 });
      expect(run.exitCode).toBe(1);
      const report = JSON.parse(run.stdout) as { stages: { slug: string; status: string; cases: unknown[] }[] };
      expect(report.stages.map((s) => s.slug)).toEqual(['echo', 'view', 'workspace-protocol', 'mcp-discovery']);
      expect(report.stages[0]).toEqual(expect.objectContaining({ slug: 'echo', status: 'pass' }));
      expect(report.stages.slice(1).every((s) => s.status === 'fail' && s.cases.length === 3)).toBe(true);
    } finally {
      await content.dispose();
    }
  });
});

describe('show (e2e)', () => {
  it('prints a stage without Markdown fences', async () => {
    const run = await runCli(['show', 'register-tools']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^stage 9 of \d+ · register-tools/);
    expect(run.stdout).not.toMatch(/```/);
  });

  it('exits 2 and suggests a slug for an unknown stage', async () => {
    const run = await runCli(['show', 'glb']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/unknown stage "glb" \(did you mean "glob"\?\)/);
  });
});

describe('verify and validate (e2e)', () => {
  // Three stages, one per kind of command (a tool stage, the raw protocol, the MCP client), their first four cases each;
  // .ci/run verifies the whole course with `npx dispatch-lab verify` outside the test suite, where its minutes do not
  // race a test timeout.
  it('verify: the reference passes every case and the starter fails every stage', async () => {
    const content = await courseSubset(['echo', 'workspace-protocol', 'mcp-discovery'], 4);
    const run = await runCli(['verify', '--content', content.dir], { timeoutMs: 280_000 }).finally(() => content.dispose());
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => /^[✓✗] /.test(l));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.startsWith('✓'))).toBe(true);
    expect(run.stdout).toMatch(/verified 3 stages/);
  }, 300_000);

  it('validate reports the course as valid', async () => {
    const run = await runCli(['validate']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/course is valid: \d+ stages, \d+ cases/);
  });
});
