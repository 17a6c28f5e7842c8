import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report, StageStatus } from '../core/types.ts';

/** The last known status of each stage in a course directory, kept in <dir>/.dispatch-lab/status.json. */
export type StageStatusFile = { stages: Record<string, { status: StageStatus; passed: number; total: number; at: string }> };

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

// Merge a run's stage results into the saved statuses (skipped stages keep what they had).
export async function saveStageStatus(courseDir: string, report: Report, now = new Date()): Promise<void> {
  const saved = await readStageStatus(courseDir);
  for (const s of report.stages) {
    if (s.status === 'skip') continue;
    // A run restricted by --case or --shard grades part of a stage; only a pass over every case counts as a pass.
    saved.stages[s.stage.slug] = { status: s.status, passed: s.cases.filter((c) => c.verdict.status === 'pass').length, total: s.cases.length, at: now.toISOString() };
  }
  try {
    await mkdir(join(courseDir, '.dispatch-lab'), { recursive: true });
    await writeFile(statusPath(courseDir), `${JSON.stringify(saved, null, 2)}\n`);
  } catch {
    // A read-only course directory still grades; `stages` then shows no history.
  }
}
