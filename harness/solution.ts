// What the harness needs from a solution directory (the reference or a student's). The harness
// never imports a solution itself: program.ts passes one in, so a copy of harness/ works anywhere.
export type Solution<T> = {
  // Builds the tools over a sandbox directory.
  Tools: new (root: string) => T;
  // Builds the dispatcher over those tools.
  makeExecute: (tools: T) => (name: string, input: unknown) => Promise<unknown>;
};

// What a command prints and how the process ends.
export type CommandOutput = {
  stdout: string;
  stderr: string;
  exitCode: number;
};
