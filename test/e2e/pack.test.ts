import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';
import { repoRoot } from './cli.ts';

// The package students install, as npm builds it: `npm pack`, installed into an empty project offline (every package
// from npm's cache, which `npm ci` filled; nothing of dispatch-lab from the registry), then `init`, the course's own
// first `npm install` and `test` there. Slow (npm resolves ~180 packages): one run, a generous timeout.
const NPM_TIMEOUT_MS = 600_000;

type PackResult = { filename: string; files: { path: string; size: number }[]; entryCount: number; size: number; unpackedSize: number };
type Manifest = { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

// The environment without what `npm exec`/vitest set for themselves, so the child npm reads only its own config.
function npmEnv(): Record<string, string> {
  return { ...envWithout(COLOUR_SWITCHES, (key) => /^npm_/i.test(key)), NO_COLOR: '1' };
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

/** Offline: packages come from npm's cache only, so a registry copy of dispatch-lab can never stand in for the tarball. */
const OFFLINE = ['--offline', '--no-audit', '--no-fund'];

type LockEntry = { version?: string; dependencies?: Record<string, string>; dev?: boolean; [key: string]: unknown };

// A lockfile for a project that depends on the packed tarball (`spec`, as its package.json says it): the repository's
// own resolved packages (all in npm's cache after \`npm ci\`; npm prunes the ones this project does not need), so an
// offline install needs no registry metadata. A student online has none and resolves the same versions.
async function offlineLock(dir: string, spec: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Manifest & { name: string };
  const ours = JSON.parse(await readFile(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const packages: Record<string, LockEntry> = {};
  for (const [path, entry] of Object.entries(ours.packages)) if (path !== '') packages[path] = { ...entry, dev: undefined };
  const self = ours.packages[''] as LockEntry;
  packages[''] = { name: manifest.name, dependencies: manifest.dependencies ?? {}, devDependencies: manifest.devDependencies ?? {} };
  packages['node_modules/dispatch-lab'] = { version: self.version, resolved: spec, dependencies: self.dependencies, bin: self.bin, engines: self.engines };
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

let work: string;
let packed: PackResult;
let project: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dispatch-lab-pack-'));
  project = join(work, 'project');
  // dist/ was just built by the test setup; --ignore-scripts keeps `prepack` from rebuilding it under running tests.
  const output = await mustRun('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], repoRoot);
  packed = (JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1)) as PackResult[])[0] as PackResult;
}, NPM_TIMEOUT_MS);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the published package (e2e)', () => {
  it('ships the CLI, the course and the starter, and neither the reference, the tests nor source maps', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => /^(reference|test|scripts|grader|node_modules)\//.test(p) || p === 'program.ts')).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    for (const needed of ['package.json', 'README.md', 'docs/students.md', 'docs/grading.md', 'bin/dispatch-lab.js', 'dist/cli.js', 'starter/program.ts', 'starter/src/tools.ts', 'harness/main.ts', 'stages/stages.json', 'cases/case.schema.json', 'cases/echo/roundtrip.json']) {
      expect(paths, needed).toContain(needed);
    }
  });

  it('installs into an empty project offline, with no install script and only dependencies its code imports', async () => {
    await mkdir(project);
    const spec = `file:../${packed.filename}`;
    await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'empty-project', private: true, dependencies: { 'dispatch-lab': spec } }, null, 2)}\n`);
    await offlineLock(project, spec);
    const install = await mustRun('npm', ['install', ...OFFLINE], project);
    // This project has no allowScripts, so npm lists esbuild's postinstall; dispatch-lab itself has no install script.
    expect(install).not.toMatch(/dispatch-lab@/);
    const installed = join(project, 'node_modules', 'dispatch-lab');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Manifest;
    // npm runs these on a student's install; scripts/ is not shipped, and a student cannot approve them anyway.
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts ?? {}, script).not.toHaveProperty(script);
    // Every runtime dependency is imported by the code that ships (the CLI bundle or the harness students run).
    const shipped = await Promise.all((await readdir(installed, { recursive: true }))
      .filter((p) => /^(dist|harness)\/.*\.(m?js|ts)$/.test(p)).map((p) => readFile(join(installed, p), 'utf8')));
    const imported = (name: string) => shipped.some((text) => text.includes(`from "${name}`) || text.includes(`from '${name}`) || text.includes(`import("${name}`) || text.includes(`import('${name}`));
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => !imported(name))).toEqual([]);
  }, NPM_TIMEOUT_MS);

  it('init writes a course whose first npm install resolves offline without a warning, and whose test runs', async () => {
    const init = await mustRun('npx', ['--offline', 'dispatch-lab', 'init', 'course'], project);
    expect(init).toContain('created course/');
    const course = join(project, 'course');
    // Its README names every stage of the packed course's manifest, with its command.
    const readme = await readFile(join(course, 'README.md'), 'utf8');
    const stages = (JSON.parse(await readFile(join(project, 'node_modules/dispatch-lab/stages/stages.json'), 'utf8')) as { stages: { slug: string; command: string }[] }).stages;
    for (const stage of stages) expect(readme, stage.slug).toContain(`| \`${stage.slug}\` |`);
    for (const stage of stages) expect(readme, stage.slug).toContain(`\`program.ts ${stage.command}\``);
    const manifest = JSON.parse(await readFile(join(course, 'package.json'), 'utf8')) as Manifest;
    // The tarball the project installed, as a path from the course: it resolves wherever the two are copied together.
    expect(manifest.devDependencies?.['dispatch-lab']).toBe(`file:../../${packed.filename}`);
    await offlineLock(course, `file:../../${packed.filename}`);
    const install = await mustRun('npm', ['install', ...OFFLINE], course);
    expect(install).not.toMatch(/npm warn|allowScripts|install script/i);
    const test = await run('npx', ['--offline', 'dispatch-lab', 'test', '--stage', 'echo', '--no-color'], course);
    expect(test.exitCode, test.output).toBe(1);
    expect(test.output).toContain('not implemented');
  }, NPM_TIMEOUT_MS);
});
