import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';

// The stages of a run share --jobs slots: once a stage has no case left to start, the next one starts in the slot its
// last cases leave free, its reports held until the stage before it ended. Shown without timing: the last case of the
// first stage waits (up to WAIT_S) for a mark that only the second stage's case makes, so it sees the mark only if the
// second stage started while it ran. The reference's bash tool runs both.

const WAIT_S = 25;
type Report = { stages: { slug: string; status: string; cases: { file: string; status: string; message: string }[] }[] };

let scratch = '';
let mark = '';
/** A course dir of its own running the repository's reference (its saved stage status is no other test's). */
let courseDir = '';

function bashCase(name: string, command: string, content: string): object {
  return { name, hint: `bash runs ${name}`, input: { sandbox: {}, calls: [{ tool: 'bash', input: { command } }] }, expect: { stdout: { results: [{ content, is_error: false, exit_code: 0 }] }, exitCode: 0 }, timeoutMs: 120_000 };
}
const echoCase = (name: string) => ({ name, hint: 'echo', input: { sandbox: {}, calls: [{ tool: 'echo', input: { text: name } }] }, expect: { stdout: { results: [{ content: name }] }, exitCode: 0 } });

// A course whose first stage ends on a case that waits for the mark (`seen` is what it must print to pass), and whose
// second stage makes the mark.
async function course(name: string, seen: string): Promise<string> {
  const dir = join(scratch, name);
  const stages = [{ slug: 'first', title: 'First', command: 'dispatch' }, { slug: 'second', title: 'Second', command: 'dispatch' }];
  const cases: Record<string, object[]> = {
    first: [echoCase('a-quick'), bashCase('b-waits', `for i in $(seq ${WAIT_S * 10}); do [ -e '${mark}-${name}' ] && break; sleep 0.1; done; [ -e '${mark}-${name}' ] && echo seen || echo unseen`, `${seen}\n`)],
    second: [bashCase('c-marks', `touch '${mark}-${name}' && echo marked`, 'marked\n')],
  };
  await mkdir(join(dir, 'stages'), { recursive: true });
  await writeFile(join(dir, 'stages', 'stages.json'), JSON.stringify({ stages }));
  await cp(join(repoRoot, 'cases', 'case.schema.json'), join(dir, 'cases', 'case.schema.json'));
  for (const stage of stages) {
    await cp(join(repoRoot, 'stages', 'echo.md'), join(dir, 'stages', `${stage.slug}.md`));
    await mkdir(join(dir, 'cases', stage.slug), { recursive: true });
    for (const c of cases[stage.slug] ?? []) await writeFile(join(dir, 'cases', stage.slug, `${(c as { name: string }).name}.json`), JSON.stringify(c));
  }
  return dir;
}

async function grade(content: string, args: string[]): Promise<{ stdout: string; report: Report }> {
  const file = join(scratch, `report-${Math.random().toString(36).slice(2)}.json`);
  const run = await runCli(['test', '--dir', courseDir, '--content', content, '--jobs', '2', '--reporter', 'pretty', '--output-file', `json=${file}`, ...args], { timeoutMs: 240_000 });
  return { stdout: run.stdout, report: JSON.parse(await readFile(file, 'utf8')) as Report };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-overlap-'));
  mark = join(scratch, 'mark');
  courseDir = join(scratch, 'course');
  await mkdir(courseDir);
  await writeFile(join(courseDir, 'program.ts'), `import ${JSON.stringify(join(repoRoot, 'program.ts'))};\n`);
  await symlink(join(repoRoot, 'node_modules'), join(courseDir, 'node_modules'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('stages sharing the job slots', () => {
  it('start the next stage while the last case of a stage still runs, and report both in course order', async () => {
    const { stdout, report } = await grade(await course('passing', 'seen'), ['--all']);
    expect(report.stages.map((s) => [s.slug, s.status, s.cases.map((c) => c.status)])).toEqual([['first', 'pass', ['pass', 'pass']], ['second', 'pass', ['pass']]]);
    // The second stage's lines come after the first stage's, though its case ended before the first stage did.
    const order = ['first · First', 'a-quick', 'b-waits', 'second · Second', 'c-marks'].map((text) => stdout.indexOf(text));
    expect(order.every((at) => at >= 0), stdout).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 300_000);

  it('drop what a stage started ahead ran when the stage before it fails in progressive mode: it is reported skipped', async () => {
    const content = await course('failing', 'never printed');
    const { stdout, report } = await grade(content, []);
    // It did start ahead (its mark is there) ...
    expect(existsSync(`${mark}-failing`)).toBe(true);
    // ... and the run reads as if it had waited: the first stage fails, the second is skipped, and none of its lines show.
    expect(report.stages.map((s) => [s.slug, s.status, s.cases.map((c) => c.status)])).toEqual([['first', 'fail', ['pass', 'fail']], ['second', 'skip', ['skip']]]);
    expect(stdout).not.toContain('c-marks');
  }, 300_000);
});
