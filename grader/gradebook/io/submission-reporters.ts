// The reporters `grade` runs for each submission: --output-file reporters write one file per submission
// (PATH with {submission}, or a directory), --reporter ones print to stdout under a header naming the submission.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { REPORTERS } from '../../reporters/index.ts';
import type { Reporter } from '../../reporters/reporter.ts';
import { reportPath, reportPathProblem } from '../../report/core/report-paths.ts';
import { fileSink, stdoutSink, type Sink } from '../../text/io/terminal.ts';

/** The reporters the flags name, and the PATH each file reporter writes to. */
export type ReporterTargets = { names: string[]; files: Map<string, string> };

/** One submission's reporters, and the sinks to close once it is graded. */
export type SubmissionReporters = { reporters: Reporter[]; sinks: Sink[]; writesStdout: boolean };

// Whether a path names an existing directory.
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// Every --output-file PATH that cannot hold one report per submission, as problems.
export function reportTargetProblems(targets: ReporterTargets): string[] {
  return [...targets.files].flatMap(([name, path]) => reportPathProblem(name, path, isDirectory(resolve(path))) ?? []);
}

// The reporters for one submission: `name` is its unique report name, `header` the line printed above stdout reports.
export function openSubmissionReporters(targets: ReporterTargets, name: string, header: string, color: boolean): SubmissionReporters {
  const sinks: Sink[] = [];
  let writesStdout = false;
  const reporters = targets.names.map((reporter) => {
    const path = targets.files.get(reporter);
    let sink: Sink;
    if (path) {
      const file = resolve(reportPath(reporter, path, name));
      mkdirSync(dirname(file), { recursive: true });
      sink = fileSink(file);
    } else {
      sink = stdoutSink();
      if (!writesStdout) sink.write(`${header}\n`);
      writesStdout = true;
    }
    sinks.push(sink);
    return REPORTERS[reporter]!({ write: sink.write, color: path ? false : color });
  });
  return { reporters, sinks, writesStdout };
}
