import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runTests, type TestOptions } from './app.ts';
import { decideRecord, holdUnsureFills, type RecordDecision, type RecordMode } from '../course/core/record-decision.ts';
import { withExpectation } from '../course/core/case-text-edit.ts';

/** What record did with one case. */
export type RecordOutcome = { file: string; name: string; decision: RecordDecision };

// Run the reference on the selected cases and fill (or, with --update, replace; with --check, only compare) their
// expectations. Only the `expect` value of a case file is rewritten; every other byte stays.
export async function recordCases(options: { run: TestOptions; contentRoot: string } & RecordMode): Promise<RecordOutcome[]> {
  const { report } = await runTests(options.run);
  const outcomes: RecordOutcome[] = [];
  for (const stage of report.stages) {
    const decisions = holdUnsureFills(stage.cases.map((result) => decideRecord(result, stage.stage.command, options)), options);
    for (const [index, result] of stage.cases.entries()) {
      const decision = decisions[index] as RecordDecision;
      if (decision.status === 'filled' || decision.status === 'updated') {
        // A private case (--cases DIR) is named by its path as given, from the working directory.
        const path = result.case.private ? resolve(result.case.file) : join(options.contentRoot, result.case.file);
        await writeFile(path, withExpectation(await readFile(path, 'utf8'), decision.expect));
      }
      outcomes.push({ file: result.case.file, name: result.case.name, decision });
    }
  }
  return outcomes;
}
