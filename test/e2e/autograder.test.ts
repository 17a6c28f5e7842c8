import { chmod, cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { execa } from 'execa';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';
import { SUITE_PREFIX } from '../suite-folder.ts';
import { repoRoot, runCli } from './cli.ts';

// `dispatch-lab autograder` builds a Gradescope autograder zip; this test plays Gradescope with it: the zip unpacked
// into source/ of a folder laid out like /autograder (source/, submission/, results/; the scripts take it as
// AUTOGRADER_DIR), setup.sh run once (npm installs the bundled tarball and its packages offline from npm's cache, which
// `npm ci` filled), then run_autograder per submission, each results.json checked against Gradescope's format. The
// folder lives where a case's view shows it, as /autograder is on Gradescope (not under /tmp or /var/tmp, which every
// isolated case sees emptied): so source/ and results/ are in a case's view unless the grader hides them. Under a root
// grader (cases run as nobody) it is in /var/lib, not in the checkout, whose parents nobody may not pass; its name
// (dl-suite-…-<pid>-) lets the next run remove it if this one is killed. Slow (an npm install): generous timeouts.
const SLOW_MS = 600_000;
const STAGE = 'echo';
/** A private case's text that no student-facing file may ever show. */
const SECRET = `private-secret-${process.pid}`;

type Results = { score: number; max_score?: number; output: string; tests: { name: string; score: number; max_score: number; status: string; output: string; visibility: string }[] };

const schema = JSON.parse(await readFile(join(repoRoot, 'test/fixtures/schemas/gradescope-results.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

// The environment the scripts get: the runner's less npm's own variables and colour switches, npm offline.
function scriptEnv(root: string): Record<string, string> {
  return { ...envWithout(COLOUR_SWITCHES, (key) => /^npm_/i.test(key)), NO_COLOR: '1', npm_config_offline: 'true', AUTOGRADER_DIR: root };
}

// Each entry's Unix mode, read from the zip's central directory (which fflate's reader does not expose): what `unzip`
// restores, so run_autograder must be executable there.
function zipModes(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  const modes = new Map<string, number>();
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const nameLength = view.getUint16(at + 28, true);
    const name = Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    const isUnix = view.getUint8(at + 5) === 3;
    modes.set(name, isUnix ? (view.getUint32(at + 38, true) >>> 16) & 0o7777 : 0o644);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return modes;
}

let work: string;
let root: string;
let source: string;
let entries: Record<string, Uint8Array>;
let modes: Map<string, number>;
let built: string;
let setup: { exitCode: number; output: string };
const privateCaseFile = 'secret.json';

// A submission at submission/, made by `make` in an empty folder.
async function submit(make: (dir: string) => Promise<void>): Promise<void> {
  const dir = join(root, 'submission');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  await make(dir);
}

// Run run_autograder as Gradescope does; its exit code, what it printed, and the results.json it left.
async function runAutograder(): Promise<{ exitCode: number; output: string; text: string; results: Results }> {
  const run = await execa(join(source, 'run_autograder'), [], { cwd: root, env: scriptEnv(root), extendEnv: false, reject: false, timeout: SLOW_MS, all: true });
  const text = await readFile(join(root, 'results', 'results.json'), 'utf8');
  return { exitCode: run.exitCode ?? -1, output: String(run.all), text, results: JSON.parse(text) as Results };
}

// The checks every results.json passes: Gradescope's format, and nothing of the private case's input or output.
function expectGradescopeFile(run: { text: string; results: Results }): void {
  expect(validate(run.results) ? [] : validate.errors, run.text).toEqual([]);
  expect(run.text).not.toContain(SECRET);
}

// A student's course directory as `init` gives it (the starter, its harness copied in), with `src` as its solution.
async function course(dir: string, src: string): Promise<void> {
  await cp(join(repoRoot, 'starter'), dir, { recursive: true, dereference: true });
  await rm(join(dir, 'src'), { recursive: true });
  await cp(src, join(dir, 'src'), { recursive: true });
}

beforeAll(async () => {
  work = await mkdtemp(process.getuid?.() === 0 ? join('/var/lib', `${SUITE_PREFIX}autograder-${process.pid}-`) : join(repoRoot, 'test', 'fixtures', '.autograder-'));
  // Cases run as nobody when the grader is root: every folder down to the submission must let others through.
  await chmod(work, 0o755);
  const cases = join(work, 'instructor-cases');
  await mkdir(join(cases, STAGE), { recursive: true });
  await writeFile(join(cases, STAGE, privateCaseFile), JSON.stringify({
    name: 'a private echo', hint: 'echo hands its text back.',
    input: { sandbox: {}, calls: [{ tool: 'echo', input: { text: SECRET } }] },
    expect: { stdout: { results: [{ content: SECRET }] }, exitCode: 0 },
  }, null, 2));
  const zip = join(work, 'autograder.zip');
  const build = await runCli(['autograder', '--out', zip, '--cases', cases, '--stage', STAGE, '--timeout', '20000'], { cwd: work, timeoutMs: SLOW_MS });
  built = `${build.stdout}${build.stderr}`;
  expect(build.exitCode, built).toBe(0);
  const bytes = new Uint8Array(await readFile(zip));
  entries = unzipSync(bytes);
  modes = zipModes(bytes);
  root = join(work, 'autograder');
  source = join(root, 'source');
  await mkdir(join(root, 'results'), { recursive: true });
  for (const [path, content] of Object.entries(entries)) {
    if (path.endsWith('/')) continue;
    await mkdir(dirname(join(source, path)), { recursive: true });
    await writeFile(join(source, path), content, { mode: modes.get(path) ?? 0o644 });
  }
  const run = await execa(join(source, 'setup.sh'), [], { cwd: source, env: scriptEnv(root), extendEnv: false, reject: false, timeout: SLOW_MS, all: true });
  setup = { exitCode: run.exitCode ?? -1, output: String(run.all) };
}, SLOW_MS);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('dispatch-lab autograder: a Gradescope autograder, unpacked and run (e2e)', () => {
  it('holds setup.sh and run_autograder (executable), a package.json pinning the bundled tarball, its lockfile and the private cases, and no path of this machine', async () => {
    const version = (JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const tarball = `dispatch-lab-${version}.tgz`;
    expect(Object.keys(entries).sort()).toEqual(['package-lock.json', 'package.json', `private-cases/${STAGE}/${privateCaseFile}`, tarball, 'run_autograder', 'setup.sh'].sort());
    expect([modes.get('setup.sh'), modes.get('run_autograder'), modes.get('package.json')]).toEqual([0o755, 0o755, 0o644]);
    const manifest = JSON.parse(Buffer.from(entries['package.json'] as Uint8Array).toString('utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['dispatch-lab']).toBe(`file:${tarball}`);
    const lock = JSON.parse(Buffer.from(entries['package-lock.json'] as Uint8Array).toString('utf8')) as { packages: Record<string, { version?: string; resolved?: string; dev?: boolean }> };
    expect(lock.packages['node_modules/dispatch-lab']).toMatchObject({ version, resolved: `file:${tarball}` });
    expect(Object.values(lock.packages).filter((p) => p.dev)).toEqual([]);
    for (const name of ['setup.sh', 'run_autograder', 'package.json', 'package-lock.json']) {
      const text = Buffer.from(entries[name] as Uint8Array).toString('utf8');
      for (const local of [repoRoot.replace(/\/$/, ''), work, process.env.HOME ?? '/root']) expect(text, `${name} names ${local}`).not.toContain(local);
    }
    const run = Buffer.from(entries.run_autograder as Uint8Array).toString('utf8');
    expect(run).toMatch(/--stage 'echo'[\s\\]+--cases "\$SOURCE\/private-cases"[\s\\]+--isolate[\s\\]+--timeout 20000/);
  });

  it('refuses, exit 2 and no zip, a bad private case, an unknown stage and a bad timeout, all named at once', async () => {
    const bad = join(work, 'bad-cases');
    await mkdir(join(bad, STAGE), { recursive: true });
    await writeFile(join(bad, STAGE, 'broken.json'), '{"name": 3}');
    const zip = join(work, 'refused.zip');
    const run = await runCli(['autograder', '--out', zip, '--cases', bad, '--stage', 'no-such-stage', '--timeout', '0'], { cwd: work, timeoutMs: SLOW_MS });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${join(bad, STAGE, 'broken.json')}: $.name: must be string`);
    expect(run.stderr).toContain('unknown stage "no-such-stage"');
    expect(run.stderr).toContain('--timeout must be a positive whole number, got 0');
    expect(existsSync(zip)).toBe(false);
  }, SLOW_MS);

  it('setup.sh installs the pinned dispatch-lab offline, leaving the private cases and the tarball to root alone', async () => {
    expect(setup.exitCode, setup.output).toBe(0);
    expect(setup.output).toContain('is used as it is');
    const installed = JSON.parse(await readFile(join(root, 'node_modules/dispatch-lab/package.json'), 'utf8')) as { version: string };
    expect(built).toContain(`dispatch-lab ${installed.version}`);
    for (const secret of ['private-cases', (Object.keys(entries).find((p) => p.endsWith('.tgz')) as string)]) {
      expect((await stat(join(source, secret))).mode & 0o077, secret).toBe(0);
    }
  });

  it('a passing submission: every case passed, the private one too (shown after the due date)', async () => {
    await submit((dir) => course(dir, join(repoRoot, 'reference')));
    const run = await runAutograder();
    expect(run.exitCode, run.output).toBe(0);
    expectGradescopeFile(run);
    const bundled = (await readdir(join(repoRoot, 'cases', STAGE))).filter((f) => f.endsWith('.json')).length;
    expect(run.results.tests.length).toBe(bundled + 1);
    expect(run.results.tests.filter((t) => t.status !== 'passed'), run.output).toEqual([]);
    expect(run.results.score).toBe(run.results.max_score);
    expect(run.results.tests.filter((t) => t.visibility === 'after_due_date').map((t) => t.name)).toEqual([`${STAGE} › a private echo`]);
  }, SLOW_MS);

  it('a failing submission (the starter): score 0, each test says what is not implemented', async () => {
    await submit((dir) => course(dir, join(repoRoot, 'starter', 'src')));
    const run = await runAutograder();
    expect(run.exitCode, run.output).toBe(0);
    expectGradescopeFile(run);
    expect(run.results.score).toBe(0);
    expect(run.results.max_score).toBeGreaterThan(0);
    expect(run.results.tests.every((t) => t.status === 'failed')).toBe(true);
    expect(run.results.tests.some((t) => t.output.includes('not implemented'))).toBe(true);
  }, SLOW_MS);

  it('a submission that does not build: score 0, output says why', async () => {
    await submit(async (dir) => {
      await course(dir, join(repoRoot, 'reference'));
      await writeFile(join(dir, 'src', 'index.ts'), `${await readFile(join(dir, 'src', 'index.ts'), 'utf8')}\nexport const = ;\n`);
    });
    const run = await runAutograder();
    expect(run.exitCode, run.output).toBe(0);
    expectGradescopeFile(run);
    expect([run.results.score, run.results.tests.every((t) => t.status === 'failed')]).toEqual([0, true]);
    expect(run.results.output).toContain(`${STAGE}: program.ts could not be run:`);
  }, SLOW_MS);

  it('a submission without program.ts: score 0, output says so', async () => {
    await submit((dir) => writeFile(join(dir, 'README.md'), 'my work\n'));
    const run = await runAutograder();
    expect(run.exitCode, run.output).toBe(0);
    expectGradescopeFile(run);
    expect(run.results).toMatchObject({ score: 0, tests: [] });
    expect(run.results.output).toContain('dispatch-lab could not grade this submission:');
    expect(run.results.output).toContain('no program.ts in');
  }, SLOW_MS);

  it('a hostile submission reads none of the cases and writes nothing outside its case, and still gets a valid file', async () => {
    const tarball = Object.keys(entries).find((p) => p.endsWith('.tgz')) as string;
    const reads = [join(source, 'private-cases', STAGE, privateCaseFile), join(source, 'private-cases'), join(source, 'node_modules/dispatch-lab/cases', STAGE, 'roundtrip.json'), join(source, tarball)];
    const writes = [join(source, 'hostile.txt'), join(root, 'hostile.txt'), join(root, 'results', '..', 'hostile-too.txt'), join(root, 'submission', 'hostile.txt')];
    const probes = reads.length + writes.length;
    // It answers every case with what it reached: "probed N: nothing" when the sandbox held, else the paths.
    const program = [
      "import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';",
      `const reads: string[] = ${JSON.stringify(reads)};`,
      `const writes: string[] = ${JSON.stringify(writes)};`,
      'const seen: string[] = [];',
      // A folder counts when it lists anything: a hidden one is an empty folder in the case's view.
      "for (const path of reads) { try { if (statSync(path).isDirectory() ? readdirSync(path).length > 0 : readFileSync(path).length >= 0) seen.push(`read ${path}`); } catch {} }",
      "for (const path of writes) { try { writeFileSync(path, 'was here'); seen.push(`wrote ${path}`); } catch {} }",
      `const content = \`probed ${probes}: \${seen.length === 0 ? 'nothing' : seen.join(', ')}\`;`,
      'process.stdout.write(JSON.stringify({ results: [{ content }] }));',
      '',
    ].join('\n');
    await submit(async (dir) => {
      await course(dir, join(repoRoot, 'starter', 'src'));
      await writeFile(join(dir, 'program.ts'), program);
    });
    // The same program outside any sandbox, as root, reaches every path: the probes can see what the sandbox hides.
    const bare = await execa(process.execPath, ['--import', 'tsx', join(root, 'submission', 'program.ts'), 'dispatch'], { cwd: repoRoot, input: '{}', reject: false });
    if (process.getuid?.() === 0) expect(bare.stdout).toContain(`probed ${probes}: read `);
    for (const path of writes) await rm(path, { force: true });
    const run = await runAutograder();
    expect(run.exitCode, run.output).toBe(0);
    expectGradescopeFile(run);
    const outputs = run.results.tests.map((t) => t.output).join('\n');
    expect(outputs).toContain(`received "probed ${probes}: nothing"`);
    expect(outputs).not.toContain(`probed ${probes}: read`);
    expect(outputs).not.toContain(`probed ${probes}: wrote`);
    expect(writes.filter((path) => existsSync(path))).toEqual([]);
  }, SLOW_MS);
});
