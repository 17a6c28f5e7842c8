import type { Effect, Registry } from '../registry/types.ts';

// parallel-calls: one model turn's calls, each with its id.
export type TurnCall = {
  // The model's id for the call; its result carries it back.
  id: string;
  tool: string;
  input: unknown;
};

// One call's result, reported in call order whatever order the calls finished in.
export type TurnResult = {
  id: string;
  // What the registry's execute resolved to for this call.
  result: unknown;
};

// What the turn runner needs of a registry: running a call, and a registered tool's effect by name.
// `get` is optional in the type only so that a registry typed as the bare `Registry` still builds;
// at run time the registry must have it, or every call reads as exclusive and the turn runs one call
// at a time.
export type TurnRegistry = Registry & {
  get?(name: string): { effect?: Effect } | undefined;
};
