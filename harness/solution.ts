import type { Registry } from './registry/types.ts';

// What the harness needs from a solution directory (the reference or a student's). The harness
// never imports a solution itself: program.ts passes one in, so a copy of harness/ works anywhere.
// Each command's declaration (harness/commands/<name>.ts) adds the exports it calls to this
// interface. The parts of later stages are optional, so that a course scaffolded before they
// existed still builds; a command whose part is missing reports it as not implemented.
export interface SolutionParts<T, R extends Registry> {}

export type Solution<T, R extends Registry = Registry> = SolutionParts<T, R>;

// What a command prints and how the process ends.
export type CommandOutput = {
  stdout: string;
  stderr: string;
  exitCode: number;
};
