import type { Solution } from './solution.ts';
import type { Registry } from './registry/types.ts';

// A solution part a command needs, or a NotImplementedError naming the export to add: a course
// scaffolded before a stage existed has no such export yet, and the grader reports it like a stub.
export function partOf<T, R extends Registry, K extends keyof Solution<T, R>>(solution: Solution<T, R>, name: K): NonNullable<Solution<T, R>[K]> {
  const part = solution[name];
  if (part === undefined) {
    const error = new Error(`not implemented: ${String(name)} (export it from src/index.ts)`);
    error.name = 'NotImplementedError';
    throw error;
  }
  return part as NonNullable<Solution<T, R>[K]>;
}
