import type { ToolDefinition } from '../registry/types.ts';
import type { InstrumentResult } from './instrument-result.ts';
import { instrumentFailure, instrumentSuccess } from './instrument-result.ts';

// How long a latch round stays open after its first call arrives. A correct runner starts the calls
// of a group within one tick of the event loop, so this bounds only how long a wrong runner takes to
// fail; no verdict depends on it.
export const LATCH_WAIT_MS = 2000;

// The calls of one group that are in flight together, waiting for the rest.
type Round = {
  size: number;
  waiting: ((result: InstrumentResult) => void)[];
  timer: NodeJS.Timeout;
};

// Groups of calls that complete only together: a call returns once `size` calls of its group are in
// flight at the same moment, or fails when the round's wait runs out first. A finished round is
// forgotten, so the next call of the group opens a new one.
export class Latches {
  readonly #rounds = new Map<string, Round>();

  constructor(readonly waitMs = LATCH_WAIT_MS) {}

  // Joins the open round of `group` (opening one when there is none) and resolves when it ends.
  arrive(group: string, size: number): Promise<InstrumentResult> {
    return new Promise((resolve) => {
      const round = this.#rounds.get(group) ?? this.#open(group, size);
      round.waiting.push(resolve);
      if (round.waiting.length >= round.size) this.#close(group, round, instrumentSuccess(`latch ${group}: ${round.size} in flight together`));
    });
  }

  // Starts a round of `group` whose wait begins now.
  #open(group: string, size: number): Round {
    const round: Round = { size, waiting: [], timer: setTimeout(() => this.#expire(group, round), this.waitMs) };
    this.#rounds.set(group, round);
    return round;
  }

  // Ends a round that is still short: every call in it fails with the number that did arrive.
  #expire(group: string, round: Round): void {
    this.#close(group, round, instrumentFailure(`latch ${group}: only ${round.waiting.length} of ${round.size} in flight`));
  }

  // Ends a round with one result for all its calls and forgets it.
  #close(group: string, round: Round, result: InstrumentResult): void {
    clearTimeout(round.timer);
    this.#rounds.delete(group);
    for (const resolve of round.waiting) resolve(result);
  }
}

const GROUP = { type: 'string', minLength: 1 };
const SIZE = { type: 'integer', minimum: 1, maximum: 16 };

// `latch {group, size, path?}`: a read (of `path`, or of the whole sandbox) that proves overlap.
export function latchTool(latches: Latches): ToolDefinition {
  return {
    name: 'latch',
    description: 'Course instrument: returns once `size` calls of `group` are in flight together. Counts as a read of `path` (absent: the whole sandbox).',
    parameters: { type: 'object', properties: { group: GROUP, size: SIZE, path: { type: 'string' } }, required: ['group', 'size'], additionalProperties: false },
    effect: 'read',
    handler: (input) => latches.arrive(String(input.group), Number(input.size)),
  };
}

// `latch_write {group, size, path}`: the same latch, declared as a write of `path` (it changes no file).
export function latchWriteTool(latches: Latches): ToolDefinition {
  return {
    name: 'latch_write',
    description: 'Course instrument: returns once `size` calls of `group` are in flight together. Counts as a write of `path`; changes nothing.',
    parameters: { type: 'object', properties: { group: GROUP, size: SIZE, path: { type: 'string' } }, required: ['group', 'size', 'path'], additionalProperties: false },
    effect: 'write',
    handler: (input) => latches.arrive(String(input.group), Number(input.size)),
  };
}
