import type { WatchKey } from '../core/watch-state.ts';
import { keysOf } from '../core/watch-keys.ts';

// Read single key presses from a terminal in raw mode; returns a function that gives the terminal back.
// `onInterrupt` hears Ctrl-C (a byte in raw mode, not a SIGINT) before its quit key, so the caller can exit 130.
export function readKeys(input: NodeJS.ReadStream, onKey: (key: WatchKey) => void, onInterrupt?: () => void): () => void {
  const onData = (data: Buffer | string) => {
    if (onInterrupt && data.toString().includes('\u0003')) onInterrupt();
    for (const key of keysOf(data.toString())) onKey(key);
  };
  input.setRawMode(true);
  input.on('data', onData);
  input.resume();
  return () => {
    input.off('data', onData);
    input.setRawMode(false);
    input.pause();
  };
}
