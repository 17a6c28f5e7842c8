import type { Effect } from '../registry/types.ts';
import type { Scope } from './scope.ts';
import { scopesOverlap } from './scope.ts';

// What the runner knows of a call before it runs: how its tool touches the sandbox, and where.
export type Access = {
  effect: Effect;
  scope: Scope;
};

// True when two calls must not overlap: either is exclusive, or at least one writes and their scopes overlap.
export function conflicts(a: Access, b: Access): boolean {
  if (a.effect === 'exclusive' || b.effect === 'exclusive') return true;
  if (a.effect === 'read' && b.effect === 'read') return false;
  return scopesOverlap(a.scope, b.scope);
}
