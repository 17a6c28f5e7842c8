import { existsSync, readFileSync, statSync } from 'node:fs';
import { chown, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { isRoot } from './isolate-attack-kit.ts';
import { LAUNCHERS } from './launchers.ts';
import { isolatedSubmissions, type Submissions } from './isolated-submission.ts';
import { privateFolder, type ScenarioReport } from './scenario.ts';

// --isolate with the grader itself unprivileged, as on a student's machine or a CI runner that is not root (the other
// isolate tests run it as whoever runs the tests: root in CI, so cases run as nobody through setpriv). Under root the
// grader here runs as nobody (uid and gid 65534, no supplementary groups); otherwise as the tests' own user.

const NOBODY = { uid: 65534, gid: 65534 };
const runAs = isRoot ? NOBODY : undefined;

// Whether this kernel lets an unprivileged user make a user namespace (both launchers need one): when it does not,
// the grader must refuse to isolate (exit 2), never grade unisolated.
function userNamespacesRefused(): string | undefined {
  const setting = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined);
  if (setting('/proc/sys/kernel/unprivileged_userns_clone') === '0') return 'kernel.unprivileged_userns_clone is 0';
  if (setting('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1') return 'kernel.apparmor_restrict_unprivileged_userns is 1';
  if (setting('/proc/sys/user/max_user_namespaces') === '0') return 'user.max_user_namespaces is 0';
  return undefined;
}
const refused = userNamespacesRefused();

let content: Content;
let subs: Submissions;
let folder: Awaited<ReturnType<typeof privateFolder>>;
let echoCases = 0;

// Hand a folder and everything in it to the grader's user (the grader writes its build and status in a submission).
async function handOver(dir: string): Promise<void> {
  if (!runAs) return;
  await chown(dir, runAs.uid, runAs.gid);
  for (const entry of await readdir(dir, { recursive: true, encoding: 'utf8' })) await chown(join(dir, entry), runAs.uid, runAs.gid);
}

beforeAll(async () => {
  content = await echoContent();
  echoCases = (await readdir(join(content.dir, 'cases', 'echo'))).filter((f) => f.endsWith('.json')).length;
  subs = await isolatedSubmissions(['honest', 'reads-cases']);
  folder = await privateFolder();
  await mkdir(join(folder.base, 'home'));
  for (const dir of [content.dir, subs.root, folder.base]) await handOver(dir);
});
afterAll(async () => {
  await content?.dispose();
  await subs?.dispose();
  await folder?.dispose();
});

let reports = 0;
// `test` of the echo stage as the unprivileged user, with a HOME and TMPDIR of its own.
async function gradeUnprivileged(name: string, args: string[], env: Record<string, string> = {}) {
  const report = join(folder.base, `report-${reports++}.json`);
  const run = await execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', subs.dirOf(name), '--content', content.dir, '--stage', 'echo', '--output-file', `json=${report}`, ...args], {
    ...(runAs ?? {}),
    cwd: folder.base,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(folder.base, 'home'), TMPDIR: folder.tmp, NO_COLOR: '1', COLUMNS: '10000', ...env },
    extendEnv: false,
    reject: false,
    timeout: 240_000,
  });
  const parsed = await readFile(report, 'utf8').then((t) => JSON.parse(t) as ScenarioReport, () => undefined);
  return { exitCode: run.exitCode, stdout: String(run.stdout), stderr: String(run.stderr), report: parsed };
}

describe.runIf(process.platform === 'linux').each(LAUNCHERS)('--isolate with an unprivileged grader through %s (e2e)', (label, launcher) => {
  it.runIf(refused === undefined)('grades an honest submission in full, and hides the cases from one that hunts for them (which copies them unisolated)', { timeout: 600_000 }, async () => {
    const honest = await gradeUnprivileged('honest', ['--isolate'], launcher);
    expect(honest.stderr).toContain(`each case isolated (${label}:`);
    expect(honest.report?.summary, honest.stdout + honest.stderr).toMatchObject({ passed: echoCases, failed: 0 });
    // The grader ran as that user: what it wrote in the submission is that user's.
    expect(statSync(join(subs.dirOf('honest'), '.dispatch-lab')).uid).toBe(runAs?.uid ?? process.getuid?.());
    const open = await gradeUnprivileged('reads-cases', []);
    expect(open.report?.summary).toMatchObject({ passed: echoCases, failed: 0 });
    const hunter = await gradeUnprivileged('reads-cases', ['--isolate'], launcher);
    expect(hunter.exitCode).toBe(1);
    expect(hunter.report?.summary).toMatchObject({ passed: 0, failed: echoCases });
    expect(hunter.stdout).toMatch(/found no cases to copy/);
    expect(await readdir(folder.tmp)).toEqual([]);
  });

  // On a kernel that keeps user namespaces from unprivileged users, isolation is impossible: a refusal, never a fallback.
  it.runIf(refused !== undefined)(`refuses to isolate, naming why (${refused})`, { timeout: 120_000 }, async () => {
    const run = await gradeUnprivileged('honest', ['--isolate'], launcher);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--isolate: cases cannot be isolated on this machine/);
  });
});
