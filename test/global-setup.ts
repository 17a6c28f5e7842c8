import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { changedModes, foldersUpFrom, modesOf } from './folder-modes.ts';
import { LAUNCHERS_LINE } from './e2e/launchers.ts';
import { makeSuiteFolder, removeStaleRuns } from './suite-folder.ts';

const checkout = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's folder for the isolate tests' fixture copies, with the packages they build from (suite-folder.ts). */
    isolatedRoot: string;
  }
}

// Before the e2e tests: clear what killed runs left, give this run its own temp folder (TMPDIR for every test and
// grader), rebuild the CLI once so no test spawns a stale dist/, and read the folder modes outside the checkout. After:
// remove the folder and fail, naming each folder, if a mode outside the checkout changed.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tempRoot = tmpdir();
  const watched = [...foldersUpFrom(join(checkout, '..')), tempRoot];
  const before = modesOf(watched);
  for (const left of await removeStaleRuns(tempRoot)) console.info(`removed ${left}, left by a suite run that was killed`);
  const suite = await makeSuiteFolder(tempRoot, checkout);
  process.env.TMPDIR = suite.tmp;
  project.provide('isolatedRoot', suite.isolated);
  console.info(LAUNCHERS_LINE);
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  return async () => {
    await rm(suite.root, { recursive: true, force: true });
    const changed = changedModes(before, modesOf(watched));
    if (changed.length > 0) throw new Error(`the suite changed permissions outside the checkout:\n${changed.join('\n')}\nput back each mode (chmod MODE FOLDER) and find the test that changed it`);
  };
}
