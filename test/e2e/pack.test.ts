import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';

// The package students install, as npm builds it: `npm pack`, installed into an empty project, then `init` and `test`
// there. Slow (npm resolves ~180 packages): one run, a generous timeout. Packages come from npm's cache where it has
// them (after `npm ci`, CI's does); npm may still ask the registry for package metadata the cache lacks.
const NPM_TIMEOUT_MS = 600_000;

type PackResult = { filename: string; files: { path: string }[] };

// The environment without what `npm exec`/vitest set for themselves, so the child npm reads only its own config.
function npmEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^npm_/i.test(key) && key !== 'FORCE_COLOR') env[key] = value;
  return { ...env, NO_COLOR: '1' };
}

// Run a command in a folder; a failure throws with what it printed.
async function run(command: string, args: string[], cwd: string) {
  const result = await execa(command, args, { cwd, env: npmEnv(), extendEnv: false, reject: false, timeout: NPM_TIMEOUT_MS });
  return { exitCode: result.exitCode ?? -1, output: `${String(result.stdout)}\n${String(result.stderr)}` };
}

async function mustRun(command: string, args: string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  if (result.exitCode !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.exitCode} in ${cwd}:\n${result.output}`);
  return result.output;
}

const INSTALL = ['--prefer-offline', '--no-audit', '--no-fund'];

let work: string;
let packed: PackResult;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dispatch-lab-pack-'));
  // dist/ was just built by the test setup; --ignore-scripts keeps `prepare` from rebuilding it under running tests.
  const output = await mustRun('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], repoRoot);
  packed = (JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1)) as PackResult[])[0] as PackResult;
}, NPM_TIMEOUT_MS);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the published package (e2e)', () => {
  it('ships the CLI, the course and the starter, and neither the reference nor the tests', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => /^(reference|test|scripts|grader|node_modules)\//.test(p) || p === 'program.ts')).toEqual([]);
    for (const needed of ['package.json', 'README.md', 'bin/dispatch-lab.js', 'dist/cli.js', 'starter/program.ts', 'starter/src/tools.ts', 'harness/main.ts', 'stages/stages.json', 'cases/case.schema.json', 'cases/echo/roundtrip.json']) {
      expect(paths, needed).toContain(needed);
    }
  });

  it('installs into an empty project, where init and test work and the starter reports "not implemented"', async () => {
    const project = join(work, 'project');
    const tarball = join(work, packed.filename);
    await mkdir(project);
    await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'empty-project', private: true }, null, 2)}\n`);
    await mustRun('npm', ['install', tarball, ...INSTALL], project);
    const init = await mustRun('npx', ['--offline', 'dispatch-lab', 'init', 'course'], project);
    expect(init).toContain('created course/');
    const course = join(project, 'course');
    // The course asks for dispatch-lab from the registry; this one is the tarball just packed.
    await mustRun('npm', ['install', '--save-dev', tarball, ...INSTALL], course);
    const test = await run('npx', ['--offline', 'dispatch-lab', 'test', '--stage', 'echo', '--no-color'], course);
    expect(test.exitCode, test.output).toBe(1);
    expect(test.output).toContain('not implemented');
  }, NPM_TIMEOUT_MS);
});
