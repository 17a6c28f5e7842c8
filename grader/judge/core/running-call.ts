// The harness's breadcrumbs on stderr (`dispatch-lab:running calls[0] glob`, `dispatch-lab:done`): read for the call
// that was running when a run ended, and removed, so that stderr shows only what the program itself wrote.
import type { RunResult } from '../../course/core/types.ts';

const BREADCRUMB = /dispatch-lab:(?:running ([^\n]*)|done)\n/g;

// The run with the breadcrumbs taken out of its stderr and, when a call never returned, that call as `runningCall`.
export function withRunningCall(run: RunResult): RunResult {
  if (!run.stderr.includes('dispatch-lab:')) return run;
  let running: string | undefined;
  const stderr = run.stderr.replace(BREADCRUMB, (_, call: string | undefined) => {
    running = call;
    return '';
  });
  const { runningCall: _stale, ...rest } = run;
  return { ...rest, stderr, ...(running ? { runningCall: running } : {}) };
}

// The tools a case's input calls, each once, in call order, written as the breadcrumbs write them ([] for other inputs).
export function toolsOf(input: unknown): string[] {
  const calls = (input as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return [];
  const tools = calls.map((call) => (call as { tool?: unknown } | null)?.tool).filter((tool): tool is string => typeof tool === 'string');
  return [...new Set(tools.map((tool) => tool.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80)))];
}
