import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { MARKER, expectNoMarker, isRoot, useAttackKit } from './isolate-attack-kit.ts';
import { LAUNCHERS } from './launchers.ts';
import { leftoversOf } from '../leftovers.ts';
import { privateFolder, runScenario, type ScenarioRun } from './scenario.ts';

// The build attacks of issue 21 against --isolate, under each launcher this machine has (launchers.ts): a submission
// that imports or links its way to hidden cases or host files, or whose build never ends, gets "program.ts did not
// build: …" naming the import, scores nothing, never shows the marker of the hidden content; the others of a `grade`
// are graded. Odd folder names build.

const kit = useAttackKit(['honest']);

// A program that prints what it imported as `leaked`.
const answering = (imports: string) => `${imports}\nprocess.stdout.write(JSON.stringify(leaked) + '\\n');\n`;

describe.runIf(process.platform === 'linux').each(LAUNCHERS)('--isolate build attacks through %s (e2e)', (_, launcher) => {
  const stageOf = (run: ScenarioRun) => run.report?.stages[0];

  it('imports-cases: importing the content\'s case files (static and template-literal imports) is refused at the build; nothing passes', async () => {
    const dir = await kit.hostile(`imports-cases-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, [
      `import leaked from ${JSON.stringify(join(kit.content().dir, 'cases', 'echo', 'secret.txt'))} with { type: 'text' };`,
      `const name = process.argv[2] ?? 'secret';`,
      `const all = await import(\`${kit.content().dir}/cases/echo/\${name}.txt\`);`,
      `process.stdout.write(JSON.stringify([leaked, all]) + '\\n');`,
    ].join('\n'));
    const run = await kit.isolated(dir, launcher);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status !== 'pass')).toBe(true);
    expect(stageOf(run)?.cases[0]?.message).toBe('program.ts did not build');
    expect(stageOf(run)?.problem).toMatch(/program\.ts:1:\d+: (Could not resolve|refused to build) ".*secret\.txt"/);
    expectNoMarker(run);
  });

  it('links-host-file: a link to a root-only host file or to a case file is refused, naming the import', async () => {
    const dir = await kit.hostile(`links-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, answering("import leaked from './host.txt' with { type: 'text' };\nimport other from './case.json' with { type: 'json' };\nvoid other;"), async (d) => {
      await symlink('/etc/shadow', join(d, 'host.txt'));
      await symlink(join(kit.content().dir, 'cases', 'echo', 'secret.txt'), join(d, 'case.json'));
    });
    const run = await kit.isolated(dir, launcher);
    expect(run.exitCode).toBe(1);
    expect(stageOf(run)?.cases.every((c) => c.status !== 'pass')).toBe(true);
    // esbuild follows the link: the message names the real file and, below it, the import that reached it.
    expect(stageOf(run)?.problem).toMatch(/program\.ts:1:\d+: refused to build "\/etc\/shadow": it is outside the submission and its node_modules[^\n]*\n\s*import leaked from '\.\/host\.txt'/);
    expect(stageOf(run)?.problem).toMatch(/(refused to build|Could not resolve) "[^"]*(secret\.txt|case\.json)"/);
    expectNoMarker(run);
  });

  it('imports-grader-copy: the dispatch-lab installed in the submission\'s node_modules is hidden from the build as from its cases', async () => {
    const dir = await kit.hostile(`grader-copy-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, answering("import leaked from './node_modules/dispatch-lab/cases/echo/secret.txt' with { type: 'text' };"), async (d) => {
      await mkdir(join(d, 'node_modules', 'dispatch-lab', 'cases', 'echo'), { recursive: true });
      await writeFile(join(d, 'node_modules', 'dispatch-lab', 'package.json'), '{"name": "dispatch-lab"}\n');
      await writeFile(join(d, 'node_modules', 'dispatch-lab', 'cases', 'echo', 'secret.txt'), `${MARKER}\n`);
    });
    const run = await kit.isolated(dir, launcher);
    expect(stageOf(run)?.cases[0]?.message).toBe('program.ts did not build');
    expect(stageOf(run)?.problem).toMatch(/(Could not resolve|refused to build) "[^"]*dispatch-lab\/cases\/echo\/secret\.txt"/);
    expectNoMarker(run);
  });

  it('imports-fifo-and-device: a FIFO and /dev/zero are refused at once, the build never reads them', async () => {
    const dir = await kit.hostile(`fifo-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, answering("import leaked from './pipe.txt' with { type: 'text' };\nimport zero from './zero.bin' with { type: 'text' };\nvoid zero;"), async (d) => {
      execFileSync('mkfifo', [join(d, 'pipe.txt')]);
      await symlink('/dev/zero', join(d, 'zero.bin'));
    });
    const run = await kit.isolated(dir, launcher);
    expect(stageOf(run)?.problem).toMatch(/refused to build ".*pipe\.txt": it is not a regular file/);
    expect(stageOf(run)?.problem).toMatch(/refused to build "\/dev\/zero": it is outside the submission/);
    expect(stageOf(run)?.cases[0]?.message).toBe('program.ts did not build');
  });

  it('hanging-build: a build that never ends (its package.json is a FIFO) costs its build limit; grade grades the others and writes the gradebook', async () => {
    const hang = await kit.hostile(`hanging-build-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, "console.log('never built');\n", async (d) => void execFileSync('mkfifo', [join(d, 'package.json')]));
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      // The limit holds for the honest submission's build too: the reference with the MCP SDK's packages bundled ahead and
      // their code cache taken, about 2 s on a quiet machine, several times that on a busy one.
      const run = await runCli(['grade', hang, kit.subs().dirOf('honest'), '--content', kit.content().dir, '--stage', 'echo', '--isolate', '--out', out], { env: { TMPDIR: folder.tmp, DISPATCH_LAB_BUILD_TIMEOUT_MS: '15000', ...launcher }, timeoutMs: 200_000 });
      expect(run.exitCode).toBe(1);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as { complete: boolean; submissions: { score: number; maxScore: number }[] };
      expect(book.complete).toBe(true);
      const [hung, honest] = book.submissions;
      expect(hung).toMatchObject({ score: 0 });
      expect(JSON.stringify(hung)).toMatch(/the build took longer than 15 s/);
      expect(honest?.score).toBe(honest?.maxScore);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 240_000);

  it('odd-folder-name: an honest submission in a folder named with \\, quotes, spaces and unicode is built and graded, and finds a package installed above it', async () => {
    const program = [
      "import { readFileSync } from 'node:fs';",
      '// Installed in the node_modules of the repository, above the submission (not in its own).',
      "import equal from 'fast-deep-equal';",
      "if (!equal({ a: [1] }, { a: [1] })) throw new Error('fast-deep-equal is not itself');",
      "import { echo } from './lib/echo.ts';",
      "const { calls } = JSON.parse(readFileSync(0, 'utf8'));",
      "process.stdout.write(JSON.stringify({ results: calls.map(echo) }) + '\\n');",
    ].join('\n');
    const dir = await kit.hostile(`we\\ird 'n" ü ${launcher.DISPATCH_LAB_ISOLATE_WITH}`, program, async (d) => {
      await mkdir(join(d, 'lib'));
      await writeFile(join(d, 'lib', 'echo.ts'), "export const echo = (call: { input: { text: string } }) => ({ content: call.input.text });\n");
    });
    for (const isolate of [['--isolate'], []]) {
      const run = await runScenario('', ['--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip', ...isolate], { dir, env: launcher });
      expect(run.report?.stages[0]?.cases[0], run.stdout).toMatchObject({ status: 'pass' });
    }
  });

  it("sdk-packages: a submission that imports the MCP SDK gets its packages bundled ahead with their code cache, which its isolated case takes", async () => {
    const program = [
      "import { readdirSync, readFileSync } from 'node:fs';",
      '// Installed in the node_modules of the repository, above the submission: bundled ahead into <bundle>-packages/.',
      "import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';",
      "const here = new URL('.', import.meta.url);",
      "const folder = readdirSync(here).find((name) => name.endsWith('-packages'));",
      'const loader = await import(new URL(`${folder}/family.mjs`, here).href);',
      "const taken = typeof LATEST_PROTOCOL_VERSION === 'string' && loader.script.cachedDataRejected === false;",
      "const { calls } = JSON.parse(readFileSync(0, 'utf8'));",
      "process.stdout.write(JSON.stringify({ results: calls.map((call: { input: { text: string } }) => ({ content: taken ? call.input.text : 'no code cache' })) }) + '\\n');",
    ].join('\n');
    const dir = await kit.hostile(`sdk-packages-${launcher.DISPATCH_LAB_ISOLATE_WITH}`, program);
    const run = await runScenario('', ['--content', kit.content().dir, '--stage', 'echo', '--case', 'roundtrip', '--isolate'], { dir, env: launcher });
    expect(run.report?.stages[0]?.cases[0], run.stdout).toMatchObject({ status: 'pass' });
  });

  // Only a root grader drops its cases to nobody; as any other user the case runs as that user, who reaches the folder.
  it.runIf(isRoot)('root grader: a submission below a folder nobody may pass through is refused up front, naming it and the fix', async () => {
    const closed = await mkdtemp(join(tmpdir(), 'dispatch-lab-closed-'));
    try {
      await chmod(closed, 0o700);
      const dir = join(closed, 'alice');
      await cp(kit.subs().dirOf('honest'), dir, { recursive: true });
      const run = await runCli(['grade', dir, '--content', kit.content().dir, '--stage', 'echo', '--isolate', '--out', join(closed, 'book')], { env: { ...launcher }, timeoutMs: 120_000 });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toContain(`who cannot reach the submission ${dir}`);
      expect(run.stderr).toContain('chmod o+x');
    } finally {
      await rm(closed, { recursive: true, force: true });
    }
  });
});
