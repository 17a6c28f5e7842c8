import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './cli.ts';

/** A small course for the CI tests: three echo stages graded against the reference (program.ts of the repository). */
export type CiCourse = { dir: string; scratch: string; dispose: () => Promise<void> };

// An echo case: the reference echoes `text`; `expected` other than `text` makes the case fail.
function echoCase(name: string, text: string, expected = text, extra: object = {}): object {
  return { name, hint: `echo hands back ${name}`, input: { sandbox: {}, calls: [{ tool: 'echo', input: { text } }] }, expect: { stdout: { results: [{ content: expected }] }, exitCode: 0 }, ...extra };
}

// Stage `first` (5 cases, the third fails), `second` (3 cases, 10 points spread), `third` (2 cases, one worth 2 points).
export async function ciCourse(): Promise<CiCourse> {
  const scratch = await mkdtemp(join(tmpdir(), 'dispatch-lab-ci-'));
  const dir = join(scratch, 'content');
  const stages = [
    { slug: 'first', title: 'First', command: 'dispatch' },
    { slug: 'second', title: 'Second', command: 'dispatch', points: 10 },
    { slug: 'third', title: 'Third', command: 'dispatch' },
  ];
  const cases: Record<string, object[]> = {
    first: [echoCase('a1', 'a1'), echoCase('a2', 'a2'), echoCase('a3', 'a3', 'not a3'), echoCase('a4', 'a4'), echoCase('a5', 'a5')],
    second: [echoCase('b1', 'b1'), echoCase('b2', 'b2'), echoCase('b3', 'b3')],
    third: [echoCase('c1', 'c1'), echoCase('c2', 'c2', 'c2', { points: 2 })],
  };
  await mkdir(join(dir, 'stages'), { recursive: true });
  await writeFile(join(dir, 'stages', 'stages.json'), `${JSON.stringify({ stages }, null, 2)}\n`);
  await cp(join(repoRoot, 'cases', 'case.schema.json'), join(dir, 'cases', 'case.schema.json'));
  for (const stage of stages) {
    await cp(join(repoRoot, 'stages', 'echo.md'), join(dir, 'stages', `${stage.slug}.md`));
    await mkdir(join(dir, 'cases', stage.slug), { recursive: true });
    for (const c of cases[stage.slug] ?? []) await writeFile(join(dir, 'cases', stage.slug, `${(c as { name: string }).name}.json`), `${JSON.stringify(c, null, 2)}\n`);
  }
  return { dir, scratch, dispose: () => rm(scratch, { recursive: true, force: true }) };
}

// A private case directory (--cases) under the scratch folder: DIR/<stage>/<name>.json.
export async function privateCases(scratch: string, stage: string, files: Record<string, object>): Promise<string> {
  const dir = join(scratch, 'private');
  await mkdir(join(dir, stage), { recursive: true });
  for (const [name, c] of Object.entries(files)) await writeFile(join(dir, stage, name), `${JSON.stringify(c, null, 2)}\n`);
  return dir;
}

export { echoCase };
