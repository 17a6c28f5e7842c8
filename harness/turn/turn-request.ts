import type { TurnCall } from './types.ts';
import { isObject } from '../request-fields.ts';
import { parseCallsRequest } from '../dispatch-request.ts';

// The stdin of `program.ts turn`.
export type TurnRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // One model turn's calls, each with an id of its own.
  calls: TurnCall[];
};

// Parses the turn stdin, or returns a one-line description of what is wrong with it.
export function parseTurnRequest(text: string): TurnRequest | string {
  const request = parseCallsRequest(text);
  if (typeof request === 'string') return request;
  const { sandbox, calls, fields: data } = request;
  const ids = idsOf(data.calls as unknown[]);
  if (typeof ids === 'string') return ids;
  return { sandbox, calls: calls.map((call, index) => ({ id: ids[index] ?? '', ...call })) };
}

// Every call's `id`: a string, and no two alike (a model never repeats one within a turn).
function idsOf(calls: unknown[]): string[] | string {
  const ids: string[] = [];
  for (const [index, call] of calls.entries()) {
    const id = isObject(call) ? call.id : undefined;
    if (typeof id !== 'string') return `calls[${index}].id must be a string`;
    const first = ids.indexOf(id);
    if (first !== -1) return `calls[${index}].id repeats calls[${first}].id`;
    ids.push(id);
  }
  return ids;
}
