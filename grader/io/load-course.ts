import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CourseFiles } from '../core/course.ts';

async function listSorted(dir: string, keep: (name: string, isDir: boolean) => boolean): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => keep(e.name, e.isDirectory())).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

async function readText(root: string, file: string): Promise<{ file: string; text: string }> {
  try {
    return { file, text: await readFile(join(root, file), 'utf8') };
  } catch {
    // An unreadable or missing file reads as empty text, which the course check reports by name.
    return { file, text: '' };
  }
}

// Read every file the course is made of, sorted, without judging any of it.
export async function readCourse(contentRoot: string): Promise<CourseFiles> {
  const caseDirs = await listSorted(join(contentRoot, 'cases'), (_, isDir) => isDir);
  const caseFiles = await Promise.all(caseDirs.flatMap(async (dir) => {
    const names = await listSorted(join(contentRoot, 'cases', dir), (n, isDir) => !isDir && n.endsWith('.json'));
    return Promise.all(names.map(async (name) => ({ ...(await readText(contentRoot, `cases/${dir}/${name}`)), dir })));
  }));
  return {
    manifest: await readText(contentRoot, 'stages/stages.json'),
    caseSchema: await readText(contentRoot, 'cases/case.schema.json'),
    caseFiles: caseFiles.flat(),
    caseDirs,
    stageDocs: await listSorted(join(contentRoot, 'stages'), (n, isDir) => !isDir && n.endsWith('.md')),
  };
}
