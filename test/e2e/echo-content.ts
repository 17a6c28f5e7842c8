import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './cli.ts';

/** A private course content root (stages/, cases/) for scenarios that must not depend on the full course as it changes. */
export type Content = { dir: string; dispose: () => Promise<void> };

// A course of one stage, echo, copied from the repository; `edit` may add or change case files before it is used.
export async function echoContent(edit?: (dir: string) => Promise<void>): Promise<Content> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-echo-content-'));
  await mkdir(join(dir, 'stages'));
  await writeFile(join(dir, 'stages', 'stages.json'), `${JSON.stringify({ stages: [{ slug: 'echo', title: 'Echo', command: 'dispatch' }] })}\n`);
  await cp(join(repoRoot, 'stages', 'echo.md'), join(dir, 'stages', 'echo.md'));
  await cp(join(repoRoot, 'cases', 'case.schema.json'), join(dir, 'cases', 'case.schema.json'));
  await cp(join(repoRoot, 'cases', 'echo'), join(dir, 'cases', 'echo'), { recursive: true });
  await edit?.(dir);
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
