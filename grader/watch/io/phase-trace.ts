import { traceLine, type Phase } from '../core/phase-trace.ts';

/** DISPATCH_LAB_TRACE=1: each phase of a save is written to stderr as it is reached (scripts/ui-latency.ts reads them). */
const isTracing = !['', '0', undefined].includes(process.env.DISPATCH_LAB_TRACE);

// Mark a phase as reached now; nothing at all when tracing is off.
export function tracePhase(phase: Phase): void {
  if (isTracing) process.stderr.write(`${traceLine(phase, performance.timeOrigin + performance.now())}\n`);
}
