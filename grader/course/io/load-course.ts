import { readdir, readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
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

/** The case files of one --cases directory, laid out like cases/ (DIR/<stage>/*.json), and what is wrong with its layout. */
export type PrivateCaseFiles = {
  /** The stage folders found, sorted. */
  stageDirs: { dir: string; label: string }[];
  /** Each file's `file` is its path as given on the command line (DIR/<stage>/<name>.json), posix separators. */
  caseFiles: { file: string; dir: string; text: string }[];
  problems: string[];
};

// Read a private case directory (--cases DIR), sorted like the bundled cases, without judging the cases themselves.
export async function readPrivateCases(dir: string): Promise<PrivateCaseFiles> {
  const label = dir.split(sep).join('/').replace(/\/+$/, '') || '/';
  const isDir = await stat(dir).then((s) => s.isDirectory(), () => false);
  if (!isDir) return { stageDirs: [], caseFiles: [], problems: [`--cases ${label}: no such directory (expected a folder laid out like cases/: ${label}/<stage>/<name>.json)`] };
  const stray = await listSorted(dir, (n, isDirectory) => !isDirectory && n.endsWith('.json'));
  const problems = stray.map((name) => `${label}/${name}: a private case belongs in a stage folder (${label}/<stage>/${name})`);
  const stageNames = await listSorted(dir, (_, isDirectory) => isDirectory);
  const caseFiles = await Promise.all(stageNames.map(async (stage) => {
    const names = await listSorted(join(dir, stage), (n, isDirectory) => !isDirectory && n.endsWith('.json'));
    return Promise.all(names.map(async (name) => ({ file: `${label}/${stage}/${name}`, dir: stage, text: (await readText(dir, join(stage, name))).text })));
  }));
  return { stageDirs: stageNames.map((stage) => ({ dir: stage, label: `${label}/${stage}/` })), caseFiles: caseFiles.flat(), problems };
}
