import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Content, echoContent } from './echo-content.ts';
import { isolatedSubmissions, type Submissions } from './isolated-submission.ts';
import { runScenario, type ScenarioRun } from './scenario.ts';

// What the attack tests of issue 21 share (isolate-build.test.ts, isolate-host.test.ts): an echo course whose hidden
// content holds a marker string, self-contained fixture copies, submissions written by the test, the launchers here.

/** In a file of the hidden content that the grader never prints: the marker in any output means a submission read it. */
export const MARKER = `HIDDEN-MARKER-${randomUUID()}`;
export const isRoot = process.getuid?.() === 0;


/** The course and submissions of one test file, set up before its tests. */
export type AttackKit = {
  content: () => Content;
  subs: () => Submissions;
  /** A submission written by the test: program.ts and whatever else `make` puts beside it (links, FIFOs). */
  hostile: (name: string, program: string, make?: (dir: string) => Promise<void>) => Promise<string>;
  /** `test --isolate` of the echo stage on a submission, through a launcher. */
  isolated: (dir: string, launcher: Record<string, string>) => Promise<ScenarioRun>;
};

// Set up the course and the fixture copies named for a test file (removed after it).
export function useAttackKit(fixtures: string[]): AttackKit {
  let content: Content | undefined;
  let subs: Submissions | undefined;
  beforeAll(async () => {
    content = await echoContent((dir) => writeFile(join(dir, 'cases', 'echo', 'secret.txt'), `${MARKER}\n`));
    subs = await isolatedSubmissions(fixtures);
  });
  afterAll(async () => {
    await content?.dispose();
    await subs?.dispose();
  });
  const kit: AttackKit = {
    content: () => content!,
    subs: () => subs!,
    async hostile(name, program, make) {
      const dir = join(kit.subs().root, name);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'program.ts'), program);
      await make?.(dir);
      return dir;
    },
    isolated: (dir, launcher) => runScenario('', ['--content', kit.content().dir, '--stage', 'echo', '--isolate'], { dir, env: { ...launcher } }),
  };
  return kit;
}

// No output, stream or report of a run holds the marker.
export function expectNoMarker(run: ScenarioRun | { stdout: string; stderr: string }): void {
  for (const text of [run.stdout, run.stderr, JSON.stringify((run as ScenarioRun).report ?? '')]) expect(text).not.toContain(MARKER);
}
