import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pc from 'picocolors';
import type { Course } from '../core/course.ts';
import type { StageResult } from '../core/types.ts';
import { loadCourse } from '../course-loader.ts';
import { runTests } from '../app.ts';
import { packageRoot } from '../io/package-root.ts';
import { scaffoldCourse } from '../io/scaffold.ts';
import { shouldColor } from '../io/terminal.ts';
import { verifyLines, type StagePair } from '../core/verify-lines.ts';
import { type CommonArgs, contentRootOf, DEFAULT_TIMEOUT_MS, OUTPUT_LIMIT_BYTES, positiveInteger } from './options.ts';

async function gradeEverything(course: Course, courseDir: string, jobs: number): Promise<StageResult[]> {
  const { report } = await runTests({
    course, courseDir, jobs, selection: { stages: [], all: true }, defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    outputLimitBytes: OUTPUT_LIMIT_BYTES, bail: false, keep: false, reporters: [],
  });
  return report.stages;
}

// `dispatch-lab verify`: the reference passes every case and a fresh starter fails every stage.
export async function verifyCommand(args: CommonArgs): Promise<number> {
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const jobs = positiveInteger('jobs', args.jobs) ?? 1;
  const reference = await gradeEverything(course, resolve(args.dir === '.' ? contentRoot : args.dir), jobs);
  const starterDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-starter-'));
  let starter: StageResult[];
  try {
    await scaffoldCourse(packageRoot(), starterDir, { graderSpec: '*', devDependencies: {} });
    starter = await gradeEverything(course, starterDir, jobs);
  } finally {
    await rm(starterDir, { recursive: true, force: true });
  }
  const pairs: StagePair[] = reference.map((r, i) => ({ reference: r, starter: starter[i] as StageResult }));
  const colors = pc.createColors(shouldColor(args.color));
  const { lines, surprises } = verifyLines(pairs, { ok: colors.green, bad: colors.red });
  process.stdout.write(`${lines.join('\n')}\n`);
  return surprises > 0 ? 1 : 0;
}
