import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

// The launchers --isolate can use on this machine, for the isolation tests to run on each: util-linux's unshare
// (with mount, awk and setpriv) is always there on Linux; bubblewrap only where it is installed (.ci/run installs it, so CI
// covers both). Each test names its launcher in its title, so the output says which ran.

/** How a test asks the grader for a launcher (DISPATCH_LAB_ISOLATE_WITH), by the name the grader prints for it. */
export type Launcher = readonly [title: 'bubblewrap' | 'unshare', env: { DISPATCH_LAB_ISOLATE_WITH: 'bwrap' | 'unshare' }];

// Whether a program is on PATH, found the way the grader finds bwrap.
function isOnPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
}

/** Whether bubblewrap is installed here. */
export const hasBwrap = isOnPath('bwrap');

/** The launchers this machine has: bubblewrap where installed, then unshare. */
export const LAUNCHERS: readonly Launcher[] = [
  ...(hasBwrap ? [['bubblewrap', { DISPATCH_LAB_ISOLATE_WITH: 'bwrap' }] as const] : []),
  ['unshare', { DISPATCH_LAB_ISOLATE_WITH: 'unshare' }] as const,
];

/** The launcher a test of something else than the launcher runs on: bubblewrap where installed (the grader's default). */
export const DEFAULT_LAUNCHER: Launcher = LAUNCHERS[0]!;

/** One line for the run's output: which launchers the isolation tests run on here. */
export const LAUNCHERS_LINE = `isolation tests run on: ${LAUNCHERS.map(([title]) => title).join(' and ')}${hasBwrap ? '' : ' (bwrap is not installed: apt-get install bubblewrap adds it)'}`;
