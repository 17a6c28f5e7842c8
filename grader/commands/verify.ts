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
import { type CommonArgs, contentRootOf } from './options.ts';
import { testOptionsOf } from './test.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';

async function gradeEverything(args: CommonArgs, course: Course, courseDir: string): Promise<StageResult[]> {
  const sandbox = await sandboxOptionsOf(args, contentRootOf(args), [courseDir]);
  const { report } = await runTests({ ...testOptionsOf(args, course, []), ...sandbox, courseDir, selection: { stages: [], all: true } });
  return report.stages;
}

// `dispatch-lab verify`: the reference passes every case and a fresh starter fails every stage.
export async function verifyCommand(args: CommonArgs): Promise<number> {
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const reference = await gradeEverything(args, course, resolve(args.dir === '.' ? contentRoot : args.dir));
  const starterDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-starter-'));
  let starter: StageResult[];
  try {
    await scaffoldCourse(packageRoot(), starterDir, { graderSpec: '*', dependencies: {}, devDependencies: {} });
    starter = await gradeEverything(args, course, starterDir);
  } finally {
    await rm(starterDir, { recursive: true, force: true });
  }
  const pairs: StagePair[] = reference.map((r, i) => ({ reference: r, starter: starter[i] as StageResult }));
  const colors = pc.createColors(shouldColor(args.color));
  const { lines, surprises } = verifyLines(pairs, { ok: colors.green, bad: colors.red });
  process.stdout.write(`${lines.join('\n')}\n`);
  return surprises > 0 ? 1 : 0;
}
