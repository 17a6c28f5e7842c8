import type { Descriptor } from '../registry/types.ts';
import type { Message, Model, ModelTurn } from './types.ts';
import { isObject } from '../request-fields.ts';
import { jsonCopy } from './json-copy.ts';

// One request as the scripted model saw it: a copy of the messages, and the names of the tools offered.
export type RecordedRequest = { messages: unknown; tools: unknown };

// A stand-in for a real model: answers request n with the case's turn n, whatever it is sent,
// and records every request. Deterministic, so a case can check exactly what each turn saw.
export class ScriptedModel implements Model {
  readonly requests: RecordedRequest[] = [];
  readonly #turns: readonly ModelTurn[];

  constructor(turns: readonly ModelTurn[]) {
    this.#turns = turns;
  }

  // Records the request and returns a fresh copy of the next scripted turn; throws when none is left.
  async complete(messages: Message[], tools: Descriptor[]): Promise<ModelTurn> {
    this.requests.push({ messages: jsonCopy(messages), tools: toolNames(tools) });
    const n = this.requests.length;
    const turn = this.#turns[n - 1];
    if (turn === undefined) {
      throw new Error(`the scripted model was asked for turn ${n}, but the case scripts ${this.#turns.length}: did the loop go on after a turn without tool calls?`);
    }
    return jsonCopy(turn) as ModelTurn;
  }
}

// The names of the offered descriptors, in the order given (null when `tools` is not an array).
function toolNames(tools: unknown): unknown {
  if (!Array.isArray(tools)) return null;
  return tools.map((tool: unknown) => (isObject(tool) ? (tool.name ?? null) : null));
}
