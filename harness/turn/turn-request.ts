import type { TurnCall } from './types.ts';
import type { FromSchema, InputSchema } from '../input-schema.ts';
import { readInput } from '../input-reader.ts';
import { SANDBOX } from '../request-fields.ts';

// The input of `program.ts turn` (stage parallel-calls): one model turn's calls, each with an id of its own.
export const TURN_INPUT = {
  type: 'object',
  description: 'Builds the registry, registers the course instruments, runs the turn\'s calls through the solution\'s runTurn, prints {"results": [{"id", "result"}]}.',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: {
      type: 'array',
      errorMessage: { type: 'must be an array' },
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'tool'],
        properties: {
          tool: { type: 'string', errorMessage: { type: 'must be a string' } },
          id: { type: 'string', errorMessage: { type: 'must be a string' } },
          input: { description: 'The arguments, any JSON (absent: undefined).' },
        },
        errorMessage: { type: '{where}.tool must be a string' },
      },
    },
  },
  examples: [{ sandbox: {}, calls: [{ id: 'call-1', tool: 'TOOL', input: {} }] }],
} as const satisfies InputSchema;

// The stdin of `program.ts turn`.
export type TurnRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // One model turn's calls, each with an id of its own.
  calls: TurnCall[];
};

// Parses the turn stdin, or returns a one-line description of what is wrong with it. No two calls share an id (a
// model never repeats one within a turn): a rule a JSON Schema cannot say, checked here.
export function parseTurnRequest(text: string): TurnRequest | string {
  const data = readInput(TURN_INPUT, text) as FromSchema<typeof TURN_INPUT> | string;
  if (typeof data === 'string') return data;
  const ids = data.calls.map((call) => call.id);
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (repeated !== -1) return `calls[${repeated}].id repeats calls[${ids.indexOf(ids[repeated] as string)}].id`;
  return { sandbox: data.sandbox, calls: data.calls.map(({ id, tool, input }) => ({ id, tool, input })) };
}
