/** Exit codes for a run stopped by a signal: 128 + the signal's number, as shells report it. */
export const STOP_SIGNALS: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** Ctrl-C, SIGTERM and SIGHUP while a command runs. */
export type StopSignals = {
  /** Aborted by the first of them: running programs are killed, the rest are not started. */
  signal: AbortSignal;
  /** The signal that stopped the run, if one did. */
  stoppedBy(): keyof typeof STOP_SIGNALS | undefined;
  /** Stop listening. */
  dispose(): void;
};

// Listen for the stop signals: the first aborts the run (the command then cleans up, reports what it has and exits
// 128 + signal); a second exits at once, and the exit hook (sandbox/io/exit-cleanup.ts) still kills every running program
// and removes every temp and build dir.
export function watchStopSignals(): StopSignals {
  const abort = new AbortController();
  let stoppedBy: keyof typeof STOP_SIGNALS | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppedBy !== undefined) process.exit(STOP_SIGNALS[stoppedBy]);
    stoppedBy = signal as keyof typeof STOP_SIGNALS;
    abort.abort();
  };
  const signals = Object.keys(STOP_SIGNALS) as NodeJS.Signals[];
  for (const signal of signals) process.on(signal, onSignal);
  return {
    signal: abort.signal,
    stoppedBy: () => stoppedBy,
    dispose: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
}
