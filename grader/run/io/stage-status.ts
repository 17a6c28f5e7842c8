import { randomUUID } from 'node:crypto';
import { lstat, mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case, Report, StageStatus } from '../../course/core/types.ts';
import { readStudentFile } from '../../sandbox/io/student-file.ts';

/** The last known status of each stage in a course directory, kept in <dir>/.dispatch-lab/status.json. */
export type StageStatusFile = { stages: Record<string, SavedStage> };

/** One stage's entry in the status file. */
export type SavedStage = {
  status: StageStatus;
  passed: number;
  total: number;
  at: string;
  /** The case files (content-relative) of the last run that passed the whole stage: what "passed before" means. */
  passedCases?: string[];
  /** The case files that did not pass in the last run, when it failed. */
  failedCases?: string[];
};

/** The largest status file read: a course's stages with their case lists fit many times over. */
const MAX_STATUS_BYTES = 4 * 1024 * 1024;

function statusPath(courseDir: string): string {
  return join(courseDir, '.dispatch-lab', 'status.json');
}

// The saved statuses; empty when nothing was graded yet or the file is unreadable. The file is the submission's (it may
// ship one): read only as a regular file inside the course directory, and only so much of it (student-file.ts).
export async function readStageStatus(courseDir: string): Promise<StageStatusFile> {
  try {
    const read = await readStudentFile(statusPath(courseDir), { roots: [courseDir], maxBytes: MAX_STATUS_BYTES });
    if (!read.ok) return { stages: {} };
    const data = JSON.parse(read.bytes.toString('utf8')) as StageStatusFile;
    return data && typeof data.stages === 'object' ? data : { stages: {} };
  } catch {
    return { stages: {} };
  }
}

/** How long a run waits for another to finish its status update, and when a lock is taken as left by a dead run. */
const LOCK_WAIT_MS = 10_000;
const STALE_LOCK_MS = 30_000;

// Hold <dir>/.dispatch-lab/status.lock (a folder: mkdir is atomic) while `update` runs; a lock older than STALE_LOCK_MS
// was left by a run that died and is taken over. Without the lock in time, the update runs anyway (a status is a nicety).
async function withStatusLock(stateDir: string, update: () => Promise<void>): Promise<void> {
  const lock = join(stateDir, 'status.lock');
  const started = Date.now();
  let held = false;
  while (!held && Date.now() - started < LOCK_WAIT_MS) {
    try {
      await mkdir(lock);
      held = true;
    } catch {
      const since = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (since > STALE_LOCK_MS) await rmdir(lock).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
  try {
    await update();
  } finally {
    if (held) await rmdir(lock).catch(() => undefined);
  }
}

// Merge a run's stage results into the saved statuses; `caseCounts` is each stage's number of cases in the course.
// Two runs at once lose nothing: each merges under a lock, and the file is replaced whole (a new file renamed over it,
// which also replaces, never follows, a link planted at its name).
export async function saveStageStatus(courseDir: string, report: Report, caseCounts: Map<string, number>, now = new Date()): Promise<void> {
  const stateDir = join(courseDir, '.dispatch-lab');
  try {
    await mkdir(stateDir, { recursive: true });
    // A link in place of the folder would send the grader's writes elsewhere: no status then.
    if (!(await lstat(stateDir)).isDirectory()) return;
    await withStatusLock(stateDir, async () => {
      const saved = await readStageStatus(courseDir);
      for (const s of report.stages) {
        // Skipped stages keep what they had; a run restricted by --case or --shard that passed part of a stage says nothing about the rest.
        const isPartial = s.cases.length < (caseCounts.get(s.stage.slug) ?? 0);
        if (s.status === 'skip' || (isPartial && s.status === 'pass')) continue;
        const passed = s.cases.filter((c) => c.verdict.status === 'pass');
        // A failing run keeps the cases of the last pass, so that cases added to the course since then can be told apart.
        const passedCases = s.status === 'pass' ? s.cases.map((c) => c.case.file) : saved.stages[s.stage.slug]?.passedCases;
        const failedCases = s.status === 'fail' ? s.cases.filter((c) => c.verdict.status !== 'pass').map((c) => c.case.file) : undefined;
        saved.stages[s.stage.slug] = { status: s.status, passed: passed.length, total: s.cases.length, at: now.toISOString(), ...(passedCases ? { passedCases } : {}), ...(failedCases ? { failedCases } : {}) };
      }
      const temp = join(stateDir, `status-${randomUUID()}.tmp`);
      try {
        await writeFile(temp, `${JSON.stringify(saved, null, 2)}\n`, { flag: 'wx' });
        await rename(temp, statusPath(courseDir));
      } finally {
        await rm(temp, { force: true });
      }
    });
  } catch {
    // A read-only course directory still grades; `stages` then shows no history.
  }
}

// By stage, the case files of its last pass (stages that never passed left out), as TestOptions.passedBefore takes them.
export function passedCasesOf(saved: StageStatusFile): Record<string, string[]> {
  return Object.fromEntries(Object.entries(saved.stages).flatMap(([slug, s]) => (s.passedCases ? [[slug, s.passedCases]] : [])));
}

// How many cases each stage has, as saveStageStatus needs it.
export function caseCountsOf(cases: Case[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.stage, (counts.get(c.stage) ?? 0) + 1);
  return counts;
}
