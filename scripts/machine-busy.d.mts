// Types of machine-busy.mjs, for scripts/bench-isolation-floor.ts.
export function busyMs(): number | undefined;
