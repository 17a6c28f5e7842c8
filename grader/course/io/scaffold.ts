import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GraderError } from '../../run/grader-error.ts';

/** The versions a new course directory's package.json asks for. */
export type StarterVersions = {
  /** How the course directory depends on dispatch-lab: a semver range, or file:<path> when run from a checkout. */
  graderSpec: string;
  /** What the student's solution may use at run time: picomatch, ajv, ajv-formats, the MCP SDK and zod. */
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** What the new course directory is made of besides the starter's files. */
export type StarterTexts = { versions: StarterVersions; readme: string };

// The package.json of a new course directory.
function starterPackage(versions: StarterVersions): string {
  const manifest = {
    name: 'my-dispatch-lab',
    private: true,
    type: 'module',
    scripts: { test: 'dispatch-lab test', watch: 'dispatch-lab test --watch' },
    dependencies: versions.dependencies,
    devDependencies: { 'dispatch-lab': versions.graderSpec, ...versions.devDependencies },
    // The grader builds program.ts with esbuild; npm 11 asks before running a dependency's install script.
    allowScripts: { esbuild: true },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// Create a student course directory from the package's starter/ and harness/, with its package.json and README.md
// (made from the course manifest): refuses to overwrite a course already there.
export async function scaffoldCourse(packageDir: string, targetDir: string, { versions, readme }: StarterTexts): Promise<string[]> {
  if (existsSync(join(targetDir, 'program.ts'))) {
    throw new GraderError([`${targetDir} already holds a program.ts: pick a new directory (nothing was changed)`]);
  }
  await mkdir(targetDir, { recursive: true });
  const starter = join(packageDir, 'starter');
  await cp(starter, targetDir, { recursive: true, filter: (source) => !source.endsWith('/gitignore') && source !== join(starter, 'harness') });
  await cp(join(starter, 'gitignore'), join(targetDir, '.gitignore'));
  await cp(join(packageDir, 'harness'), join(targetDir, 'harness'), { recursive: true });
  await writeFile(join(targetDir, 'package.json'), starterPackage(versions));
  await writeFile(join(targetDir, 'README.md'), readme);
  return (await readdir(targetDir, { recursive: true })).map(String).sort();
}
