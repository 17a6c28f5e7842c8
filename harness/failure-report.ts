import type { CommandOutput } from './solution.ts';

// The one stderr line for an error that escaped the solution. A starter stub's NotImplementedError
// prints as "not implemented: …", the line the grader looks for; anything else says where it came from.
export function escapedError(where: string, error: unknown, command = 'dispatch'): CommandOutput {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === 'NotImplementedError') return { stdout: '', stderr: `${message}\n`, exitCode: 1 };
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return { stdout: '', stderr: `${command}: ${where}: ${message}${stack}\n`, exitCode: 1 };
}

// A request the harness cannot use: one line on stderr, exit 1.
export function badRequest(command: string, problem: string): CommandOutput {
  return { stdout: '', stderr: `${command}: ${problem}\n`, exitCode: 1 };
}
