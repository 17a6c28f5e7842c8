import { readFile } from 'node:fs/promises';
import { GraderError } from '../run/grader-error.ts';
import { mergeReports, type ShardReport } from '../report/core/merge-reports.ts';
import { parseJsonText } from '../judge/core/json-errors.ts';
import { plan } from '../run/core/plan.ts';
import { replayReport } from '../reporters/replay.ts';
import { type CommonArgs, openReporters } from './options.ts';

/** Flags of `merge-reports`. */
export type MergeArgs = { files: string[]; reporter: string[]; 'output-file': string[]; color?: boolean };

// A report file as JSON, or a problem naming the file.
async function readReport(file: string): Promise<ShardReport | string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const parsed = parseJsonText(text);
  return parsed.ok ? { file, doc: parsed.value } : `${file}: ${parsed.problem}`;
}

// The reporter flags as the common ones (merge-reports grades nothing: no stage, case or shard of its own).
function reporterArgs(args: MergeArgs): CommonArgs {
  return { dir: '.', stage: [], jobs: 1, reporter: args.reporter, 'output-file': args['output-file'], bail: false, keep: false, all: false, ...(args.color !== undefined ? { color: args.color } : {}) };
}

// `dispatch-lab merge-reports FILE…`: the json reports of a run's shards combined into the unsharded run's report, then
// written by every reporter asked for. Exit 0 when everything passed, 1 when a case failed, 2 on bad input.
export async function mergeReportsCommand(args: MergeArgs): Promise<number> {
  const read = await Promise.all(args.files.map(readReport));
  const unreadable = read.filter((r): r is string => typeof r === 'string');
  if (unreadable.length > 0) throw new GraderError(unreadable);
  const merged = mergeReports(read as ShardReport[]);
  if (!merged.ok) throw new GraderError(merged.problems);
  const { report, selection, count } = merged;
  const { reporters, sinks } = openReporters(reporterArgs(args), { run: { selection, bail: false, mergedFrom: count } });
  const planned = plan(report.stages.map((s) => s.stage), [], selection);
  try {
    replayReport(report, planned.ok ? planned.plan.mode : 'every', reporters);
  } finally {
    for (const sink of sinks) sink.close();
  }
  return report.stages.some((s) => s.status === 'fail') ? 1 : 0;
}
