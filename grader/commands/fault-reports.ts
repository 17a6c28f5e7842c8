import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gradescopeFault } from '../reporters/gradescope.ts';

/** Reporters whose file must exist even when nothing could be graded, and what it then holds. */
const FAULT_FORMS: Record<string, (problems: string[]) => string> = {
  gradescope: (problems) => `${JSON.stringify(gradescopeFault(problems), null, 2)}\n`,
};

// When the grader cannot grade at all (no program.ts, a bad flag, …), write the `--output-file NAME=PATH` files that CI
// reads whatever happens (Gradescope's results.json: score 0 and the reason); a file that cannot be written is skipped.
export async function writeFaultReports(outputFiles: string[], problems: string[]): Promise<void> {
  for (const spec of outputFiles) {
    const at = spec.indexOf('=');
    const name = spec.slice(0, at);
    const form = at > 0 && Object.hasOwn(FAULT_FORMS, name) ? FAULT_FORMS[name] : undefined;
    if (form) await writeFile(resolve(spec.slice(at + 1)), form(problems)).catch(() => undefined);
  }
}
