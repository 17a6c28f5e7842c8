import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './cli.ts';

/** The echo cases a mini course starts with (copied from the real course). */
export const MINI_CASES = ['roundtrip.json', 'unknown-tool.json', 'extra-fields-ignored.json'];

/** A scratch course of one stage (echo), built from copies of the real content, that a test may change at will. */
export type MiniCourse = { dir: string; path: (file: string) => string; dispose: () => Promise<void> };

// A temp content root with stages/stages.json (echo only), stages/echo.md, the case schema and three echo cases.
export async function miniCourse(): Promise<MiniCourse> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-mini-'));
  await mkdir(join(dir, 'stages'));
  await mkdir(join(dir, 'cases/echo'), { recursive: true });
  const manifest = { stages: [{ slug: 'echo', title: 'The first roundtrip: echo and unknown tools', command: 'dispatch' }] };
  await writeFile(join(dir, 'stages/stages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile(join(repoRoot, 'stages/echo.md'), join(dir, 'stages/echo.md'));
  await copyFile(join(repoRoot, 'cases/case.schema.json'), join(dir, 'cases/case.schema.json'));
  for (const name of MINI_CASES) await copyFile(join(repoRoot, 'cases/echo', name), join(dir, 'cases/echo', name));
  return { dir, path: (file) => join(dir, file), dispose: () => rm(dir, { recursive: true, force: true }) };
}
