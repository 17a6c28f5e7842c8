import type { WatchKey } from './watch-state.ts';

const KEYS: Record<string, WatchKey> = {
  '\r': 'rerun',
  '\n': 'rerun',
  r: 'rerun',
  a: 'all',
  f: 'failed',
  n: 'next',
  h: 'hint',
  q: 'quit',
  '\u0003': 'quit', // Ctrl-C arrives as a byte in raw mode
  '\u0004': 'quit', // Ctrl-D
};

// The keys in one chunk of raw terminal input, in order; escape sequences (arrows, function keys) mean nothing.
export function keysOf(data: string): WatchKey[] {
  if (data.startsWith('\u001b')) return [];
  // "\r\n" from one Enter is one key.
  return [...data.replace(/\r\n/g, '\r')].flatMap((ch) => {
    const key = KEYS[ch.toLowerCase()];
    return key ? [key] : [];
  });
}
