// Grades one variant as a student's course is graded: the built CLI's `test --stage <stage> --no-color` on its course
// directory, and scores the first failure block of what it printed.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { HeldOutVariant } from './variant-patch.ts';
import { scoreGrade, type VariantScore } from './score.ts';
import { variantCourse } from './variant-course.ts';

const run = promisify(execFile);

// A stage whose cases all time out takes minutes; past this the CLI is stopped and the variant is a fault.
const STAGE_LIMIT_MS = 15 * 60_000;

// The CLI's environment: this one's without the colour switches (node warns when both are set), colours off, lines unwrapped.
function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.GITHUB_ACTIONS;
  delete env.GITHUB_STEP_SUMMARY;
  return { ...env, NO_COLOR: '1', COLUMNS: '10000' };
}

// The variant's score; a patch that does not apply or a program that does not build is a fault with that message.
export async function gradeVariant(variant: HeldOutVariant, repoRoot: string): Promise<VariantScore> {
  let course;
  try {
    course = await variantCourse(variant, repoRoot);
  } catch (error) {
    return { ...scoreGrade(variant, 2, ''), problem: (error as Error).message };
  }
  try {
    const args = [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', course.dir, '--stage', variant.stage, '--no-color'];
    const { exitCode, output } = await runCli(args, repoRoot);
    return scoreGrade(variant, exitCode, output);
  } finally {
    await course.dispose();
  }
}

async function runCli(args: string[], cwd: string): Promise<{ exitCode: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, args, { cwd, env: cliEnv(), timeout: STAGE_LIMIT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
    return { exitCode: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    const exitCode = typeof failed.code === 'number' ? failed.code : -1;
    return { exitCode, output: `${failed.stdout ?? ''}${exitCode === 1 ? '' : (failed.stderr ?? '')}` };
  }
}
