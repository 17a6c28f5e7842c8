// What a case sent the program, as the few lines a failure block shows under "sent:": every part of the request
// the command reads (the sandbox, a policy and its confirmations, a scripted model, servers…), one compact line each,
// and the calls one a line, a tool name that is empty, padded or not a string shown quoted so it can be seen, and a call
// without an input key shown as such (the course gives an absent input and a null one their own rules).
import { excerptOf } from './parse-stdout.ts';

/** Calls listed; the rest are counted. */
const MAX_CALLS = 12;
/** Characters of one part's JSON kept on its line. */
const PART_CHARS = 200;

// A tool name as it reads on a line: bare when it is a plain word, else as JSON ("", " echo", 3, (none)).
export function shownToolName(tool: unknown): string {
  if (tool === undefined) return '(no tool)';
  return typeof tool === 'string' && /^\S+$/.test(tool) && !tool.startsWith('"') ? tool : JSON.stringify(tool);
}

function callLines(calls: unknown[]): string[] {
  const lines = calls.slice(0, MAX_CALLS).map((call, i) => {
    const { tool, input } = (call !== null && typeof call === 'object' ? call : {}) as { tool?: unknown; input?: unknown };
    const inputShown = call !== null && typeof call === 'object' && 'input' in call ? excerptOf(JSON.stringify(input) ?? 'undefined', PART_CHARS) : '(no input)';
    const shown = call !== null && typeof call === 'object' && !Array.isArray(call) ? `${shownToolName(tool)} ${inputShown}` : excerptOf(JSON.stringify(call) ?? 'undefined', PART_CHARS);
    return `${i}: ${shown}`;
  });
  if (calls.length > MAX_CALLS) lines.push(`… ${calls.length - MAX_CALLS} more calls`);
  return lines;
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

// The lines of a case's input: each top-level part as `key: <compact JSON>` and the calls one a line, in input order.
export function sentLines(input: unknown): string[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [excerptOf(typeof input === 'string' ? input : JSON.stringify(input) ?? 'undefined', 300)];
  return Object.entries(input).flatMap(([key, value]) => {
    if (key === 'calls' && Array.isArray(value)) return callLines(value);
    // An empty sandbox says nothing the calls do not: it is left out.
    if (key === 'sandbox' && isEmptyObject(value)) return [];
    return [`${key}: ${excerptOf(JSON.stringify(value) ?? 'undefined', PART_CHARS)}`];
  });
}
