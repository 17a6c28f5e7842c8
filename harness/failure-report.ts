import type { CommandOutput } from './solution.ts';

// The one stderr line for an error that escaped the solution. A starter stub's NotImplementedError
// prints as "not implemented: …", the line the grader looks for; anything else says where it came from.
export function escapedError(where: string, error: unknown): CommandOutput {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === 'NotImplementedError') return { stdout: '', stderr: `${message}\n`, exitCode: 1 };
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return { stdout: '', stderr: `dispatch: ${where}: ${message}${stack}\n`, exitCode: 1 };
}
