import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyContent } from './cli.ts';
import { makeStudentDir, startWatchMode, type StudentDir, type WatchProcess } from './watch-harness.ts';

const BLOCK = /watching for changes… \(Ctrl-C to stop\)/;
/** Two stages of two cases each: small runs whose order the output shows. */
const KEEP: Record<string, string[]> = { echo: ['roundtrip.json', 'unknown-tool.json'], view: ['blank-lines.json', 'one-line-file.json'] };

// A copy of the course content with only the stages and cases in KEEP.
async function smallCourse(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const content = await copyContent();
  const stages = [
    { slug: 'echo', title: 'The first roundtrip: echo and unknown tools', command: 'dispatch' },
    { slug: 'view', title: 'view: numbered lines and directory listings', command: 'dispatch' },
  ];
  await writeFile(join(content.dir, 'stages/stages.json'), `${JSON.stringify({ stages }, null, 2)}\n`);
  for (const file of await readdir(join(content.dir, 'stages'))) if (file.endsWith('.md') && !(file.slice(0, -3) in KEEP)) await rm(join(content.dir, 'stages', file));
  for (const entry of await readdir(join(content.dir, 'cases'), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const keep = KEEP[entry.name];
    if (!keep) {
      await rm(join(content.dir, 'cases', entry.name), { recursive: true });
      continue;
    }
    for (const file of await readdir(join(content.dir, 'cases', entry.name))) if (!keep.includes(file)) await rm(join(content.dir, 'cases', entry.name, file));
  }
  return content;
}

// A program.ts over the reference whose `view` does `body` instead (a bug, or a hang).
function programWithView(body: string): string {
  return `import { main } from './harness/main.ts';
import * as reference from './reference/index.ts';

const makeExecute: typeof reference.makeExecute = (tools) => {
  const execute = reference.makeExecute(tools);
  return async (name, input) => {
    if (name === 'view') { ${body} }
    return execute(name, input);
  };
};

await main(process.argv.slice(2), { ...reference, makeExecute });
`;
}

const VIEW_BUG = "return { content: 'garbled' };";
const VIEW_HANG = 'await new Promise((resolve) => setTimeout(resolve, 120_000));';

describe('dispatch-lab test --watch: the current stage first, results as they come', () => {
  let student: StudentDir | undefined;
  let content: { dispose: () => Promise<void> } | undefined;
  let watch: WatchProcess | undefined;
  afterEach(async () => {
    await watch?.stop();
    await student?.dispose();
    await content?.dispose();
    watch = undefined;
    student = undefined;
    content = undefined;
  });

  it('runs the stage that did not pass last time first, its verdict before the earlier stage runs', async () => {
    student = await makeStudentDir();
    const course = await smallCourse();
    content = course;
    await student.write('program.ts', programWithView(VIEW_BUG));
    // The saved status says echo passed and view did not: view is the stage the student is on.
    await mkdir(join(student.dir, '.dispatch-lab'), { recursive: true });
    const at = '2026-01-01T00:00:00.000Z';
    await student.write('.dispatch-lab/status.json', JSON.stringify({ stages: { echo: { status: 'pass', passed: 2, total: 2, at }, view: { status: 'fail', passed: 0, total: 2, at } } }));
    watch = startWatchMode(student.dir, ['--content', course.dir, '--jobs', '1']);
    const output = await watch.waitFor(BLOCK);
    const viewHeader = output.indexOf('view · ');
    const viewFailure = output.indexOf('✗ view › ');
    const echoHeader = output.indexOf('echo · ');
    expect(viewHeader).toBeGreaterThanOrEqual(0);
    expect(viewFailure).toBeGreaterThan(viewHeader);
    // The regression check (echo) runs after the current stage's verdict is on screen.
    expect(echoHeader).toBeGreaterThan(viewFailure);
    expect(output.slice(echoHeader)).toMatch(/ {2}✓ echo hands its text back as the content [\s\S]* {2}✓ An unknown tool name is an error result/);
    expect(output).toMatch(/✗ view: 2 of 2 cases fail/);
    expect(output).not.toMatch(/\u001b\[/);
  });

  it('prints each case as it finishes and, when a save cancels the run, keeps what it showed', async () => {
    student = await makeStudentDir();
    const course = await smallCourse();
    content = course;
    await student.write('program.ts', programWithView(VIEW_HANG));
    watch = startWatchMode(student.dir, ['--content', course.dir, '--jobs', '1', '--timeout', '100000']);
    // echo's cases are printed while view's first case hangs: the run is still in flight.
    const during = await watch.waitFor(/view · /);
    expect(during).toMatch(/echo · [^\n]*\n(?: {2}✓ [^\n]+\n){2}/);
    expect(during).not.toMatch(BLOCK);
    await student.write('program.ts', programWithView(''));
    const output = await watch.waitFor(BLOCK);
    const cancelled = output.indexOf('(run cancelled: the verdicts above are from the previous save)');
    expect(cancelled).toBeGreaterThan(output.indexOf('echo · '));
    // What the cancelled run showed is still there, above the new run's results.
    expect(output.slice(0, cancelled)).toContain(during.slice(during.indexOf('echo · ')));
    expect(output.slice(0, cancelled).match(/ {2}✓ /g)).toHaveLength(2);
    expect(output.slice(cancelled)).toMatch(/echo · [\s\S]*view · [\s\S]*✓ view passes/);
    expect(output).not.toMatch(/\u001b\[/);
  });

  // util-linux `script` gives the CLI a pseudo-terminal, where the screen is redrawn for each run.
  it.skipIf(!hasScript())('in a terminal, shows a cancelled run\'s verdicts marked as the previous save\'s while the new run goes', async () => {
    student = await makeStudentDir();
    const course = await smallCourse();
    content = course;
    await student.write('program.ts', programWithView(VIEW_HANG));
    watch = startWatchMode(student.dir, ['--content', course.dir, '--jobs', '1', '--timeout', '100000'], { tty: true });
    await watch.waitFor(/view · /);
    const before = watch.output().length;
    await student.write('program.ts', programWithView(''));
    // The new run's screen starts with what the cancelled run had reached, marked, before any new verdict.
    const output = (await watch.waitFor(/watching for changes — Enter rerun/)).slice(before);
    const marked = output.indexOf('from the previous save (cancelled before it finished):');
    const running = output.lastIndexOf('running the course…', marked);
    expect(running).toBeGreaterThanOrEqual(0);
    expect(marked).toBeGreaterThan(running);
    expect(output.slice(marked)).toMatch(/^from the previous save \(cancelled before it finished\):\r?\necho · [^\n]*\n {2}✓ echo hands its text back as the content[^\n]*\n {2}✓ An unknown tool name is an error result/);
    expect(output.slice(marked)).toMatch(/✓ view passes/);
  });
});

// Whether util-linux `script` is there to give the CLI a pseudo-terminal.
function hasScript(): boolean {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
