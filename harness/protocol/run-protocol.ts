import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import type { ProtocolReply } from './types.ts';
import { escapedError } from '../failure-report.ts';
import { partOf } from '../missing-export.ts';
import { isObject } from '../request-fields.ts';

// `protocol`: the request is the lesson, so the stdin text goes to the solution untouched (no
// parsing, no checks here) and its reply is printed as it is, with its exit code.
export async function runProtocol<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  let reply: unknown;
  try {
    reply = await partOf(solution, 'handleProtocolRequest')(stdinText);
  } catch (error) {
    return escapedError('handleProtocolRequest threw', error, 'protocol');
  }
  if (!isReply(reply)) {
    const problem = `handleProtocolRequest must resolve to {stdout: string, exitCode: integer 0–255}, got ${describeReply(reply)}`;
    return { stdout: '', stderr: `protocol: ${problem}\n`, exitCode: 1 };
  }
  return { stdout: reply.stdout, stderr: '', exitCode: reply.exitCode };
}

// True for a reply the process can print and exit with.
function isReply(value: unknown): value is ProtocolReply {
  if (!isObject(value) || typeof value.stdout !== 'string') return false;
  const code = value.exitCode;
  return typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 255;
}

// What the reply was instead, in a few words.
function describeReply(value: unknown): string {
  if (!isObject(value)) return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  const code = value.exitCode;
  return `{stdout: ${typeof value.stdout}, exitCode: ${typeof code === 'number' ? code : typeof code}}`;
}
