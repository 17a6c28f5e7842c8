import { appendFileSync } from 'node:fs';
import type { Sink } from '../../text/io/terminal.ts';

// A sink that appends its text to a file when closed: GitHub's $GITHUB_STEP_SUMMARY is one file that each step adds to.
export function appendSink(path: string): Sink {
  let text = '';
  return { write: (chunk) => void (text += chunk), close: () => text !== '' && appendFileSync(path, text) };
}
