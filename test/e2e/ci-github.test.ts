import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { scenarioDir } from './scenario.ts';

// On GitHub Actions, whatever reporter writes to stdout, the annotations and the job summary still appear, and each
// annotation names a file of the graded repository: the student's source its failure names, else the file the stage's
// text puts its code in (echo: src/execute.ts), else program.ts.

let content: Content;
let repo: string;
beforeAll(async () => {
  content = await echoContent();
  // A student repository whose course directory is a subfolder, as a class template may lay it out.
  repo = await mkdtemp(join(tmpdir(), 'dispatch-lab-repo-'));
  await cp(scenarioDir('throws-in-src'), join(repo, 'course'), { recursive: true });
  // A second course directory whose answer is wrong without a stack trace: nothing in the failure names a file.
  await mkdir(join(repo, 'quiet', 'src'), { recursive: true });
  await writeFile(join(repo, 'quiet', 'program.ts'), "process.stdout.write(JSON.stringify({ results: [{ content: 'wrong' }] }));\n");
  await writeFile(join(repo, 'quiet', 'src', 'execute.ts'), 'export {};\n');
});
afterAll(async () => {
  await content.dispose();
  await rm(repo, { recursive: true, force: true });
});

// One graded case on Actions, with `reporters` on stdout; what stdout, stderr and the step summary hold.
async function onActions(reporters: string[], course = 'course'): Promise<{ stdout: string; stderr: string; summary: string; exitCode: number }> {
  const summaryFile = join(repo, `summary-${course}-${reporters.join('-')}.md`);
  await writeFile(summaryFile, '');
  const run = await runCli(
    ['test', '--dir', join(repo, course), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', ...reporters.flatMap((r) => ['--reporter', r])],
    { cwd: repo, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile, GITHUB_WORKSPACE: repo } },
  );
  return { ...run, summary: await readFile(summaryFile, 'utf8') };
}

/** The annotation of the failing case: on the student's file and line, titled with the case. */
const ANNOTATION = /^::error file=course\/src\/execute\.ts,line=3,col=\d+,title=echo › echo hands its text back as the content::/m;

describe('on GitHub Actions (e2e)', () => {
  it('pretty on stdout: the annotations beside it on stdout, the summary in its file', async () => {
    const run = await onActions(['pretty']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(ANNOTATION);
    expect(run.stdout).toMatch(/::notice title=dispatch-lab::0\/1 points/);
    expect(run.summary).toMatch(/^### dispatch-lab: 0\/1 points/);
  }, 120_000);

  it('a failure that names no file: the annotation is on the file the stage text puts the code in, without a line', async () => {
    const run = await onActions(['pretty'], 'quiet');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^::error file=quiet\/src\/execute\.ts,title=echo › echo hands its text back as the content::/m);
  }, 120_000);

  it.each([
    ['junit', (stdout: string) => expect(stdout).toMatch(/^<\?xml [^\n]*\n<testsuites [^]*<\/testsuites>\n$/)],
    ['json', (stdout: string) => expect(JSON.parse(stdout)).toHaveProperty('summary.failed', 1)],
    ['gradescope', (stdout: string) => expect(JSON.parse(stdout)).toHaveProperty('score', 0)],
  ])('%s on stdout: stdout holds only that document, the annotations go to stderr, the summary to its file', async (reporter, isDocument) => {
    const run = await onActions([reporter]);
    expect(run.exitCode).toBe(1);
    isDocument(run.stdout);
    expect(run.stdout).not.toMatch(/^::/m);
    expect(run.stderr).toMatch(ANNOTATION);
    expect(run.stderr).toMatch(/::notice title=dispatch-lab::0\/1 points/);
    expect(run.summary).toMatch(/^### dispatch-lab: 0\/1 points/);
  }, 120_000);
});
