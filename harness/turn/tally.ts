import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ToolDefinition } from '../registry/types.ts';
import { instrumentFailure, instrumentSuccess } from './instrument-result.ts';
import { fileKey } from './file-key.ts';

// How often a tally yields to the event loop before it writes, and a short sleep after: long enough
// that any other call a runner starts at the same time is in flight before this one ends. A correct
// runner never starts two tallies of one path together, so no verdict depends on these numbers.
const YIELDS = 3;
const PAUSE_MS = 5;

// One tally call while it runs: the most tallies of its path it has seen running at once, itself included.
type Running = { most: number };

// The tallies in flight, per file.
export class TallyBoard {
  readonly #running = new Map<string, Set<Running>>();

  // Marks one more tally of `key` as running; every running tally of `key` sees the new count.
  enter(key: string): Running {
    const running = this.#running.get(key) ?? new Set<Running>();
    this.#running.set(key, running);
    const entry: Running = { most: 0 };
    running.add(entry);
    for (const other of running) other.most = Math.max(other.most, running.size);
    return entry;
  }

  // Marks a tally of `key` as finished.
  leave(key: string, entry: Running): void {
    this.#running.get(key)?.delete(entry);
  }
}

// `tally {path, text}`: a slow append that reports how many tallies of the same file overlapped it.
export function tallyTool(root: string, board: TallyBoard): ToolDefinition {
  return {
    name: 'tally',
    description: 'Course instrument: appends `text` to the file `path` after yielding to the event loop, and says how many tally writes to that file were in flight at once.',
    parameters: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path', 'text'], additionalProperties: false },
    effect: 'write',
    handler: async (input) => {
      const given = String(input.path);
      const key = fileKey(given);
      const entry = board.enter(key);
      try {
        for (let turn = 0; turn < YIELDS; turn++) await nextTurn();
        await sleep(PAUSE_MS);
        const problem = await appendInside(root, key, String(input.text));
        if (problem !== undefined) return instrumentFailure(`tally ${given}: ${problem}`);
        return instrumentSuccess(`tally ${given}: appended; ${entry.most} ${entry.most === 1 ? 'write' : 'writes'} in flight`);
      } finally {
        board.leave(key, entry);
      }
    },
  };
}

// Appends to the file `key` under `root`, or says why not. Only a regular file (or a new one) in a
// directory reached without symlinks: the instrument never writes outside the sandbox.
async function appendInside(root: string, key: string, text: string): Promise<string | undefined> {
  if (key === '') return 'path must name a file';
  const target = path.join(root, key);
  const parent = path.dirname(target);
  const realParent = await fs.realpath(parent).catch(() => undefined);
  if (realParent !== parent) return 'the directory must exist in the sandbox (no symlinks)';
  const stat = await fs.lstat(target).catch(() => undefined);
  if (stat !== undefined && !stat.isFile()) return 'not a regular file';
  await fs.appendFile(target, text);
  return undefined;
}
