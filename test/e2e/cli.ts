import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const fixturePrograms = join(repoRoot, 'test/fixtures/programs');

/** What one CLI run printed and how it ended. */
export type CliRun = { exitCode: number; stdout: string; stderr: string; durationMs: number };

// The test runner's environment without the colour switches, nor GitHub Actions' (which add reporters).
const cleanEnv = () => envWithout([...COLOUR_SWITCHES, 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']);

// Run the real dispatch-lab bin as a user would, with colours off and a bounded wait.
export async function runCli(args: string[], options: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<CliRun> {
  const started = performance.now();
  const result = await execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), ...args], {
    cwd: options.cwd ?? repoRoot,
    reject: false,
    timeout: options.timeoutMs ?? 120_000,
    // Lines unwrapped (a very wide COLUMNS), so that tests read what a line says; pretty-layout.test.ts checks the layout at 80 and 60.
    env: { ...cleanEnv(), NO_COLOR: '1', COLUMNS: '10000', ...options.env },
    extendEnv: false,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr), durationMs: Math.round(performance.now() - started) };
}

// A scratch copy of the course content (stages/ and cases/) that a test may break.
export async function copyContent(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-content-'));
  await cp(join(repoRoot, 'stages'), join(dir, 'stages'), { recursive: true });
  await cp(join(repoRoot, 'cases'), join(dir, 'cases'), { recursive: true });
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
