import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leftoversOf } from '../leftovers.ts';
import { fixturePrograms, runCli, type CliRun } from './cli.ts';

/** The JSON report as the scenario tests read it. */
export type ScenarioReport = {
  summary: { passed: number; failed: number; skipped: number; total: number };
  stages: { slug: string; status: string; problem?: string; cases: { name: string; status: string; message: string }[] }[];
};

/** What a scenario's run printed, reported, and left behind. */
export type ScenarioRun = CliRun & {
  report: ScenarioReport | undefined;
  /** Processes still alive after the run that belong to it (see leftoversOf). */
  leftovers: string[];
  /** Entries left in the grader's private temp folder (each case's temp dir lives there). */
  tempLeft: string[];
};

// The scenario's course directory: a fixture program under test/fixtures/programs.
export function scenarioDir(name: string): string {
  return join(fixturePrograms, name);
}

// A private folder for one run: the grader's TMPDIR (under `tmp`) and its JSON report beside it.
export async function privateFolder(): Promise<{ base: string; tmp: string; report: string; dispose: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'dispatch-lab-scenario-'));
  // Under a root grader isolated cases run as nobody, who must reach their temp dirs in here.
  await chmod(base, 0o755);
  await mkdir(join(base, 'tmp'));
  return { base, tmp: join(base, 'tmp'), report: join(base, 'report.json'), dispose: () => rm(base, { recursive: true, force: true }) };
}

// Grade a fixture program as a student would (pretty on stdout, JSON to a file), then look for anything it left behind.
export async function runScenario(name: string, args: string[], options: { env?: Record<string, string>; dir?: string } = {}): Promise<ScenarioRun> {
  const folder = await privateFolder();
  const dir = options.dir ?? scenarioDir(name);
  try {
    const run = await runCli(['test', '--dir', dir, '--output-file', `json=${folder.report}`, ...args], { env: { TMPDIR: folder.tmp, ...options.env } });
    const report = await readFile(folder.report, 'utf8').then((t) => JSON.parse(t) as ScenarioReport, () => undefined);
    const leftovers = await leftoversOf(folder.base);
    return { ...run, report, leftovers, tempLeft: await readdir(folder.tmp) };
  } finally {
    await folder.dispose();
  }
}

// The only case of a one-case report.
export function onlyCase(run: ScenarioRun): { name: string; status: string; message: string } {
  const cases = run.report?.stages.flatMap((s) => s.cases) ?? [];
  if (cases.length !== 1) throw new Error(`expected one graded case, got ${cases.length}:\n${run.stdout}\n${run.stderr}`);
  return cases[0]!;
}
