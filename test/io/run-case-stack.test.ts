import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCase } from '../../grader/run/io/run-case.ts';
import { createProgramBuilder, type ProgramBuilder } from '../../grader/run/io/build-program.ts';

// A run's stack traces point at the course's sources, not the bundle: node runs without --enable-source-maps and
// runCase maps what the program printed on stderr (grader/run/core/mapped-stack.ts) from the build's map, linked (a host
// build) or inline (the isolated build's).

let dir = '';
let builder: ProgramBuilder;
let linked = '';
let inline = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-stack-'));
  await mkdir(join(dir, 'src'));
  // The tool throws on "escape" (the harness-like catch prints error.stack), and on "crash" throws where nothing catches it.
  await writeFile(join(dir, 'src/tools.ts'), [
    'export function run(name: string): void {',
    "  if (name === 'crash') setTimeout(() => { throw new TypeError('uncaught crash'); });",
    "  if (name === 'escape') throw new Error('escaped');",
    '}',
    '',
  ].join('\n'));
  await writeFile(join(dir, 'program.ts'), [
    "import { run } from './src/tools.ts';",
    "let input = ''; for await (const chunk of process.stdin) input += chunk;",
    "try { run(input); } catch (error) { console.log(`made-up: ${(error as Error).stack?.split('\\n')[1]}`); console.error((error as Error).stack); process.exitCode = 1; }",
    '',
  ].join('\n'));
  builder = await createProgramBuilder(dir, 'stack-test');
  const built = await builder.build();
  if (!built.ok) throw new Error(built.errors.join('\n'));
  linked = built.bundlePath;
  inline = join(dir, '.dispatch-lab/build/inline/program.mjs');
  await esbuild.build({ entryPoints: [join(dir, 'program.ts')], outfile: inline, bundle: true, platform: 'node', format: 'esm', sourcemap: 'inline', logLevel: 'silent' });
});
afterAll(async () => {
  await builder.dispose();
  await rm(dir, { recursive: true, force: true });
});

const caseOf = (bundlePath: string, stdin: string) => runCase({ bundlePath, command: 'dispatch', courseDir: dir, stdin, timeoutMs: 30_000, outputLimitBytes: 1 << 16 });

describe.each([['a linked map', () => linked], ['an inline map', () => inline]])('runCase with %s', (_name, bundle) => {
  it('maps the frames of a stack the program printed to the course files', async () => {
    const run = await caseOf(bundle(), 'escape');
    expect(run.stderr).toContain(`Error: escaped\n    at run (${join(dir, 'src/tools.ts')}:3:32)\n`);
    expect(run.stderr).not.toMatch(/program\.mjs/);
  });

  it('maps node\'s report of an uncaught exception: header, source line and caret, then the frames', async () => {
    const run = await caseOf(bundle(), 'crash');
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`${join(dir, 'src/tools.ts')}:2\n  if (name === 'crash') setTimeout(() => { throw new TypeError('uncaught crash'); });\n${' '.repeat(43)}^\n`);
    expect(run.stderr).toContain(`TypeError: uncaught crash\n    at Timeout._onTimeout (${join(dir, 'src/tools.ts')}:2:50)\n`);
  });

  it('leaves stdout as the program printed it: it is what the case judges', async () => {
    const run = await caseOf(bundle(), 'escape');
    expect(run.stdout).toMatch(/^made-up: {5}at run \(file:\/\/.*\/program\.mjs:\d+:\d+\)\n$/);
  });
});

describe('runCase and made-up positions', () => {
  it('leaves a position of a file outside the build as printed, even one with a map of its own', async () => {
    const stray = join(dir, 'stray.mjs');
    await writeFile(stray, `console.error('at x (${linked}:1:1) and at y (file://${join(dir, 'src', 'tools.ts')}:9:9) and ${stray}:1:1'); process.exitCode = 3;\n//# sourceMappingURL=${linked.split('/').pop()}.map\n`);
    const run = await caseOf(stray, '');
    expect(run.stderr).toContain(`and ${stray}:1:1`);
  });
});
