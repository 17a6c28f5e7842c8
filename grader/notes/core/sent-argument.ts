// A refusal of an argument the call did send: the received text says `insert_line` is required, and the call that
// result answers (calls[i] for results[i]) holds insert_line at its top level with a value (null counts as absent, as
// JSON has no undefined). The observation is certain; the cause is offered as a question, and only where the value
// admits one: a falsy value (0, "", false) taken for a missing one, or a value the program looked for elsewhere.
import type { Mismatch } from '../../course/core/types.ts';
import { formatValue } from '../../judge/core/format-value.ts';

/** How a refusal names an argument as missing: "Parameter x is required", "'x' is a required property", "missing parameter x". */
const REQUIRED = [
  /(?:^|[\s:(])[`'"]?([A-Za-z_][\w-]*)[`'"]? (?:is|are) (?:a )?required\b/,
  /\bmissing (?:required )?(?:parameter|argument|field|property|key)s?:? [`'"]?([A-Za-z_][\w-]*)/i,
  /\brequired (?:parameter|argument|field|property|key)s?:? [`'"]?([A-Za-z_][\w-]*)/i,
];

// The argument names a text calls required (none for a text that calls nothing required).
function requiredNames(text: string): string[] {
  return REQUIRED.flatMap((pattern) => {
    const found = pattern.exec(text);
    return found?.[1] ? [found[1]] : [];
  });
}

// The input of the call that results[i] answers, when the case's input is a list of calls that long.
function callInput(input: unknown, index: number): Record<string, unknown> | undefined {
  const calls = (input as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls) || index >= calls.length) return undefined;
  const call = (calls[index] as { input?: unknown } | null)?.input;
  return call !== null && typeof call === 'object' && !Array.isArray(call) ? (call as Record<string, unknown>) : undefined;
}

/** The note where `m` is a results[i] text that calls an argument required which calls[i] sends with a value, or undefined. */
export function sentArgumentNote(m: Mismatch, input: unknown): string | undefined {
  if (m.kind !== 'value' || typeof m.received !== 'string') return undefined;
  const index = /^results\[(\d+)\]/.exec(m.path)?.[1];
  if (index === undefined) return undefined;
  const sent = callInput(input, Number(index));
  if (!sent) return undefined;
  const expectedText = typeof m.expected === 'string' ? m.expected : '';
  const alsoExpected = new Set(requiredNames(expectedText));
  const name = requiredNames(m.received).find((n) => !alsoExpected.has(n) && Object.hasOwn(sent, n) && sent[n] !== null && sent[n] !== undefined);
  if (name === undefined) return undefined;
  const value = sent[name];
  const shown = formatValue(value);
  const seen = `the received text says ${name} is required, yet calls[${index}] sends ${name}: ${shown}`;
  if (value === 0 || value === '' || value === false) return `note: ${seen}, a value: a test that takes ${shown} for a missing one (!x, where x === undefined || x === null belongs?)`;
  // The expected text answers this argument another way (a wrong type, say): what the program missed is not that.
  if (new RegExp(`\\b${name}\\b`).test(expectedText)) return `note: ${seen}; the expected text answers it otherwise`;
  return `note: ${seen}: the program does not find it where the call puts it (read under another name, or from another object?)`;
}
