// Breadcrumbs for the grader: before each call, one stderr line naming it, and one when every call has returned,
// so that a case that times out or crashes can say which call was running. Written only under the grader (which
// sets DISPATCH_LAB_RUN) and removed from stderr by it, so a student running program.ts by hand never sees them;
// stdout is untouched.

import { writeSync } from './node-fs.ts';

const UNDER_GRADER = process.env.DISPATCH_LAB_RUN !== undefined;

// One breadcrumb line, written at once: a call that then loops forever never lets a buffered write out. Best effort:
// a full pipe (EAGAIN) drops it rather than stopping the program.
function leave(line: string): void {
  try {
    writeSync(2, line);
  } catch {
    // The grader then names no call; the verdict stands.
  }
}

// A tool name as one short line.
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80);
}

// Marks `calls[index] tool` as the call in progress.
export function markRunning(index: number, tool: string): void {
  if (UNDER_GRADER) leave(`dispatch-lab:running calls[${index}] ${oneLine(tool)}\n`);
}

// Marks every call as returned: what happens next (printing, exiting) is not any call's doing.
export function markCallsDone(): void {
  if (UNDER_GRADER) leave('dispatch-lab:done\n');
}
