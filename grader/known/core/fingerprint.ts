// The fingerprint of a run's received output: a hash of its normalised form, the same for every run that prints the
// same thing, whatever temp folder it ran in and whatever a case's matchers leave free. Pure, so the lookup stays here.
import type { Expectation, RunResult } from '../../course/core/types.ts';
import { isMatcher, matches } from '../../judge/core/matchers.ts';
import { parseStdout } from '../../judge/core/parse-stdout.ts';

/** What a value stands as where the case's expectation is a matcher the value satisfies. */
export const MATCHED = '<matched>';
/** What a host temp folder stands as in a string (its name differs on every run). */
export const TEMP_DIR = '<tmp>';

// A temp folder's own name (/tmp/<name>, macOS's /private/var/folders/…/T/<name>); what is under it stays.
const TEMP_PATH = /(?:\/private)?(?:\/var\/folders\/[^/\s"']+\/[^/\s"']+\/T|\/tmp)\/[^/\s"'`:]+/g;

// A string with every host temp folder masked.
export function maskTempPaths(text: string): string {
  return text.replace(TEMP_PATH, TEMP_DIR);
}

// The received value in canonical form: keys sorted, values that satisfy the expectation's matcher at their path
// replaced by MATCHED, temp folders masked in strings.
export function canonicalValue(received: unknown, expected: unknown): unknown {
  if (isMatcher(expected) && matches(expected, received)) return MATCHED;
  if (typeof received === 'string') return maskTempPaths(received);
  if (Array.isArray(received)) return received.map((v, i) => canonicalValue(v, Array.isArray(expected) ? expected[i] : undefined));
  if (received !== null && typeof received === 'object') {
    const expectedObject = expected !== null && typeof expected === 'object' && !Array.isArray(expected) ? (expected as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(received).sort()) out[maskTempPaths(key)] = canonicalValue((received as Record<string, unknown>)[key], expectedObject[key]);
    return out;
  }
  return received;
}

// The normalised text of what a run printed: `[exitCode, document]` with the document canonical; undefined for a run
// that printed no single JSON document or did not end by itself (a crash by signal, a timeout, a limit, cut output):
// such runs are not a program's answer and get no fingerprint.
export function canonicalOutput(expect: Expectation, run: Pick<RunResult, 'stdout' | 'exitCode' | 'timedOut' | 'stdoutDroppedBytes' | 'limitHit'>): string | undefined {
  if (run.timedOut || run.exitCode === null || run.stdoutDroppedBytes > 0 || run.limitHit) return undefined;
  const parsed = parseStdout(run.stdout);
  if (!parsed.ok) return undefined;
  return JSON.stringify([run.exitCode, canonicalValue(parsed.value, expect.stdout)]);
}

const MASK_32 = 0xffffffff;

// FNV-1a, 64 bits, over the UTF-8 bytes of `text`, as 16 hex digits. The 64-bit product by the FNV prime
// (2^40 + 0x1b3) is made from 32-bit halves: (hi·2^32 + lo)·0x1b3 + lo·2^40, kept mod 2^64.
export function fnv1a64(text: string): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of new TextEncoder().encode(text)) {
    lo ^= byte;
    const loProduct = (lo & 0xffff) * 0x1b3;
    const loHigh = (lo >>> 16) * 0x1b3 + (loProduct >>> 16);
    const newLo = ((loHigh & 0xffff) << 16) | (loProduct & 0xffff);
    const carry = Math.floor(loHigh / 0x10000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) & MASK_32;
    lo = newLo >>> 0;
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

// The fingerprint of a run on a case, or undefined when the run has none (see canonicalOutput).
export function fingerprintOf(expect: Expectation, run: Parameters<typeof canonicalOutput>[1]): string | undefined {
  const text = canonicalOutput(expect, run);
  return text === undefined ? undefined : fnv1a64(text);
}
