import type { ModelTurn } from './types.ts';
import type { FromSchema, InputSchema } from '../input-schema.ts';
import { readInput } from '../input-reader.ts';
import { SANDBOX } from '../request-fields.ts';

export const DEFAULT_MAX_TURNS = 8;

// The input of `program.ts loop` (stage tool-loop): the user's message, the scripted model's turns, the turn limit.
export const LOOP_INPUT = {
  type: 'object',
  description: 'Builds the registry, adds the course tools, runs the solution\'s runLoop against a scripted model and a trace recorder, prints {"final", "stop_reason", "requests", "events"}.',
  additionalProperties: false,
  required: ['user', 'model'],
  properties: {
    sandbox: SANDBOX,
    user: { type: 'string', errorMessage: { type: 'must be a string' } },
    max_turns: { type: 'integer', minimum: 1, default: DEFAULT_MAX_TURNS },
    model: {
      type: 'array',
      errorMessage: { type: 'must be an array of turns' },
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          content: { type: 'string' },
          tool_calls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name'],
              properties: {
                name: { type: 'string', errorMessage: { type: 'must be a string' } },
                id: { type: 'string', errorMessage: 'must be a string when present' },
                arguments: { description: 'Any JSON (absent: {}).', default: {} },
              },
            },
          },
          stop: { type: 'boolean' },
        },
      },
    },
  },
  examples: [{ user: 'Say hello.', model: [{ content: 'Hello.' }] }],
} as const satisfies InputSchema;

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

// Parses the loop stdin, or returns a one-line description of what is wrong with it. A call keeps `id` first, as the
// model wrote it, and only when it has one.
export function parseLoopRequest(text: string): LoopRequest | string {
  const data = readInput(LOOP_INPUT, text) as FromSchema<typeof LOOP_INPUT> | string;
  if (typeof data === 'string') return data;
  const turns = data.model.map((turn): ModelTurn => {
    if (turn.tool_calls === undefined) return turn;
    const calls = turn.tool_calls.map(({ id, name, arguments: args }) => (id === undefined ? { name, arguments: args } : { id, name, arguments: args }));
    return { ...turn, tool_calls: calls };
  });
  return { sandbox: data.sandbox, user: data.user, turns, maxTurns: data.max_turns };
}
