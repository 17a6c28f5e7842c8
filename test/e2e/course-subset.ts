import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './cli.ts';

/** A scratch content root holding a few stages of the real course, each with its first cases, for `--content`. */
export type CourseSubset = { dir: string; dispose: () => Promise<void> };

// The smallest course that still shows a behaviour: the named stages (in course order, with their entries in
// stages.json and their texts as they are) and, per stage, its first `casesPerStage` case files by name.
export async function courseSubset(slugs: string[], casesPerStage: number): Promise<CourseSubset> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-subset-'));
  const manifest = JSON.parse(await readFile(join(repoRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string }[] };
  const unknown = slugs.filter((slug) => !manifest.stages.some((s) => s.slug === slug));
  if (unknown.length > 0) throw new Error(`courseSubset: no stage ${unknown.join(', ')} in stages/stages.json`);
  await mkdir(join(dir, 'stages'));
  await writeFile(join(dir, 'stages/stages.json'), `${JSON.stringify({ ...manifest, stages: manifest.stages.filter((s) => slugs.includes(s.slug)) }, null, 2)}\n`);
  await mkdir(join(dir, 'cases'));
  await copyFile(join(repoRoot, 'cases/case.schema.json'), join(dir, 'cases/case.schema.json'));
  for (const slug of slugs) {
    await copyFile(join(repoRoot, 'stages', `${slug}.md`), join(dir, 'stages', `${slug}.md`));
    await mkdir(join(dir, 'cases', slug));
    const files = (await readdir(join(repoRoot, 'cases', slug))).filter((f) => f.endsWith('.json')).sort().slice(0, casesPerStage);
    for (const file of files) await copyFile(join(repoRoot, 'cases', slug, file), join(dir, 'cases', slug, file));
  }
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
