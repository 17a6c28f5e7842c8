// Mutant: exclusive is not checked first: an exclusive call conflicts only through its scope, so an unknown tool with a path overlaps calls on other files.
// Replaces: reference/turn/conflict.ts
// Caught by: unknown-tool-with-a-path-runs-alone
import type { Effect } from '../../../reference/registry/types.ts';
import type { Scope } from '../../../reference/turn/scope.ts';
import { scopesOverlap } from '../../../reference/turn/scope.ts';

// What the runner knows of a call before it runs: how its tool touches the sandbox, and where.
export type Access = {
  effect: Effect;
  scope: Scope;
};

// True when two calls must not overlap: either is exclusive, or at least one writes and their scopes overlap.
export function conflicts(a: Access, b: Access): boolean {
  if (a.effect === 'read' && b.effect === 'read') return false;
  return scopesOverlap(a.scope, b.scope);
}
