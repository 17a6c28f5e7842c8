import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { fixturePrograms, repoRoot } from './cli.ts';

// Under --isolate a submission may build in only its own files (and installed packages), as a student's course directory
// does: it holds its harness/. The fixture programs import the repository's harness/, reference/ and test helpers instead,
// so the isolate tests grade self-contained copies: each fixture with those folders copied in and its imports pointed at them.
// The copies live in the suite's folder in the temp root (test/suite-folder.ts), mode 0755 up to /, beside a copy of the
// packages they build from: nothing in or above the checkout needs opening to nobody.

/** Self-contained copies of fixture programs, in the suite's folder (whose node_modules they load packages from). */
export type Submissions = { root: string; dirOf: (name: string) => string; dispose: () => Promise<void> };

const SHARED = [['harness', 'harness'], ['reference', 'reference'], ['test/fixtures/run-mark.ts', 'run-mark.ts'], ['test/fixtures/write-all.ts', 'write-all.ts']] as const;

// Copy each named fixture into <root>/<name>, with what it imports from the repository beside its program.ts; readable by
// every user, since cases run as nobody when the grader is root.
export async function isolatedSubmissions(names: readonly string[]): Promise<Submissions> {
  const root = await mkdtemp(join(inject('isolatedRoot'), 'submissions-'));
  await chmod(root, 0o755);
  for (const name of names) {
    const dir = join(root, name);
    await cp(join(fixturePrograms, name), dir, { recursive: true });
    for (const [from, to] of SHARED) await cp(join(repoRoot, from), join(dir, to), { recursive: true });
    const program = join(dir, 'program.ts');
    const source = await readFile(program, 'utf8');
    await writeFile(program, source.replaceAll("'../../../../harness/", "'./harness/").replaceAll("'../../../../reference/", "'./reference/").replaceAll("'../../run-mark.ts'", "'./run-mark.ts'").replaceAll("'../../write-all.ts'", "'./write-all.ts'"));
  }
  return { root, dirOf: (name) => join(root, name), dispose: () => rm(root, { recursive: true, force: true }) };
}
