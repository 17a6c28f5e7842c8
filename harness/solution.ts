import type { ProtocolReply } from './protocol/types.ts';
import type { Registry } from './registry/types.ts';
import type { Confirm, Policy } from './policy/types.ts';
import type { LoopOptions, LoopOutcome } from './loop/types.ts';
import type { TurnCall, TurnResult } from './turn/types.ts';
import type { McpConnection, McpOptions, McpServerSpec } from './mcp/types.ts';

// What the harness needs from a solution directory (the reference or a student's). The harness
// never imports a solution itself: program.ts passes one in, so a copy of harness/ works anywhere.
// The parts of later stages are optional, so that a course scaffolded before they existed still
// builds; a command whose part is missing reports it as not implemented.
export type Solution<T, R extends Registry = Registry> = {
  // Builds the tools over a sandbox directory.
  Tools: new (root: string) => T;
  // Builds the dispatcher over those tools (stages echo … register-tools).
  makeExecute: (tools: T) => (name: string, input: unknown) => Promise<unknown>;
  // workspace-protocol: the raw request text in, what to print and the exit code out.
  handleProtocolRequest?: (requestText: string) => Promise<ProtocolReply>;
  // validate-args: the registry of described, validated tools over those tools.
  makeRegistry?: (tools: T) => R;
  // permissions: a dispatcher that checks the policy between validation and execution.
  withPolicy?: (registry: R, policy: Policy, confirm: Confirm) => (name: string, input: unknown) => Promise<unknown>;
  // tool-loop: runs a session against a model until it stops or the turn limit is reached.
  runLoop?: (options: LoopOptions<R>) => Promise<LoopOutcome>;
  // parallel-calls: runs one turn's calls, overlapping what may overlap; results in call order.
  runTurn?: (registry: R, calls: TurnCall[]) => Promise<TurnResult[]>;
  // mcp-discovery: connects to a server, registers its tools in the registry.
  connectMcp?: (server: McpServerSpec, registry: R, options: McpOptions) => Promise<McpConnection>;
};

// What a command prints and how the process ends.
export type CommandOutput = {
  stdout: string;
  stderr: string;
  exitCode: number;
};
