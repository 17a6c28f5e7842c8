import type { ModelTurn, ToolCall } from './types.ts';
import { isObject, parseObject, sandboxOf } from '../request-fields.ts';

// The stdin of `program.ts loop`.
export type LoopRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // The user's message that opens the session.
  user: string;
  // The scripted model's turns, served one per request in order.
  turns: ModelTurn[];
  // The turn limit: how many model requests the session may make (absent: 8).
  maxTurns: number;
};

export const DEFAULT_MAX_TURNS = 8;

// Parses the loop stdin, or returns a one-line description of what is wrong with it.
export function parseLoopRequest(text: string): LoopRequest | string {
  const data = parseObject(text);
  if (typeof data === 'string') return data;
  const sandbox = sandboxOf(data);
  if (typeof sandbox === 'string') return sandbox;
  if (typeof data.user !== 'string') return '"user" must be a string';
  const maxTurns = data.max_turns ?? DEFAULT_MAX_TURNS;
  if (!Number.isInteger(maxTurns) || (maxTurns as number) < 1) return '"max_turns" must be an integer of at least 1';
  if (!Array.isArray(data.model)) return '"model" must be an array of turns';
  const turns: ModelTurn[] = [];
  for (const [index, value] of data.model.entries()) {
    const turn = turnOf(value, `model[${index}]`);
    if (typeof turn === 'string') return turn;
    turns.push(turn);
  }
  return { sandbox, user: data.user, turns, maxTurns: maxTurns as number };
}

// One scripted turn, keeping only the fields it has; or what is wrong with it.
function turnOf(value: unknown, where: string): ModelTurn | string {
  if (!isObject(value)) return `${where} must be an object`;
  const turn: ModelTurn = {};
  if (value.content !== undefined) {
    if (typeof value.content !== 'string') return `${where}.content must be a string`;
    turn.content = value.content;
  }
  if (value.tool_calls !== undefined) {
    if (!Array.isArray(value.tool_calls)) return `${where}.tool_calls must be an array`;
    const calls: ToolCall[] = [];
    for (const [index, call] of value.tool_calls.entries()) {
      const parsed = callOf(call, `${where}.tool_calls[${index}]`);
      if (typeof parsed === 'string') return parsed;
      calls.push(parsed);
    }
    turn.tool_calls = calls;
  }
  if (value.stop !== undefined) {
    if (typeof value.stop !== 'boolean') return `${where}.stop must be a boolean`;
    turn.stop = value.stop;
  }
  return turn;
}

// One scripted call: `name` a string, `id` a string or absent, `arguments` any JSON (absent: {}).
function callOf(value: unknown, where: string): ToolCall | string {
  if (!isObject(value)) return `${where} must be an object`;
  if (typeof value.name !== 'string') return `${where}.name must be a string`;
  if (value.id !== undefined && typeof value.id !== 'string') return `${where}.id must be a string when present`;
  const args = value.arguments === undefined ? {} : value.arguments;
  return value.id === undefined ? { name: value.name, arguments: args } : { id: value.id, name: value.name, arguments: args };
}
