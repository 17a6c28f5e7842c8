import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case, Report, StageStatus } from '../core/types.ts';

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

function statusPath(courseDir: string): string {
  return join(courseDir, '.dispatch-lab', 'status.json');
}

// The saved statuses; empty when nothing was graded yet or the file is unreadable.
export async function readStageStatus(courseDir: string): Promise<StageStatusFile> {
  try {
    const data = JSON.parse(await readFile(statusPath(courseDir), 'utf8')) as StageStatusFile;
    return data && typeof data.stages === 'object' ? data : { stages: {} };
  } catch {
    return { stages: {} };
  }
}

// Merge a run's stage results into the saved statuses; `caseCounts` is each stage's number of cases in the course.
export async function saveStageStatus(courseDir: string, report: Report, caseCounts: Map<string, number>, now = new Date()): Promise<void> {
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
  try {
    await mkdir(join(courseDir, '.dispatch-lab'), { recursive: true });
    await writeFile(statusPath(courseDir), `${JSON.stringify(saved, null, 2)}\n`);
  } catch {
    // A read-only course directory still grades; `stages` then shows no history.
  }
}

// How many cases each stage has, as saveStageStatus needs it.
export function caseCountsOf(cases: Case[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.stage, (counts.get(c.stage) ?? 0) + 1);
  return counts;
}
