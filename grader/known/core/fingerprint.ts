// The fingerprint of a run's received output: a hash of its normalised form, the same for every run that prints the
// same thing, whatever temp folder it ran in and whatever a case's matchers leave free. Pure, so the lookup stays here.
import type { Expectation, RunResult } from '../../course/core/types.ts';
import { isMatcher, matches } from '../../judge/core/matchers.ts';
import { parseStdout } from '../../judge/core/parse-stdout.ts';
import { crashOf, relativeTo } from '../../judge/core/start-crash.ts';
import { CASE_DIR_PREFIX } from '../../sandbox/core/temp-names.ts';
import { SANDBOX_DIR_PREFIX } from '../../../harness/temp-names.ts';

/** What a value stands as where the case's expectation is a matcher the value satisfies. */
export const MATCHED = '<matched>';
/** What a host temp folder stands as in a string (its name differs on every run). */
export const TEMP_DIR = '<tmp>';

// A character of a path in a message (white space, a quote or a colon ends one), and of one of its names (a "/" too).
const PATH_CHAR = String.raw`[^\s"'\`:]`;
const NAME_CHAR = String.raw`[^/\s"'\`:]`;
// A folder's name as mkdtemp ends it: six random letters and digits, and the name ends there.
const MADE = `[A-Za-z0-9]{6}(?!${NAME_CHAR})`;
// The harness's sandbox inside a temp folder (harness/temp-sandbox.ts), when the path goes on into it.
const SANDBOX = `(?:/${escaped(SANDBOX_DIR_PREFIX)}${MADE})?`;
// A case's temp folder (run-case.ts), wherever the grader's temp root is; what comes before it is found by hand (caseDirs).
const CASE_DIR = new RegExp(`/${escaped(CASE_DIR_PREFIX)}${NAME_CHAR}+${SANDBOX}`, 'g');
// A folder in the host's temp root (/tmp/<name>, macOS's /private/var/folders/…/T/<name>), the sandbox in it too; what is under it stays.
const TEMP_PATH = new RegExp(`(?:/private)?(?:/var/folders/${NAME_CHAR}+/${NAME_CHAR}+/T|/tmp)/${NAME_CHAR}+${SANDBOX}`, 'g');
const IS_PATH_CHAR = new RegExp(PATH_CHAR);

// `text` with its characters that a regular expression reads as operators escaped.
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// `text` with every path through a case's temp folder masked up to that folder (its sandbox too): the path starts at
// the first "/" of its run of path characters. Walked back by hand, never past the last mask, so that the cost stays
// linear in the text's length whatever it holds.
function caseDirs(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CASE_DIR)) {
    let start = match.index;
    while (start > last && IS_PATH_CHAR.test(text[start - 1] as string)) start--;
    start = text.indexOf('/', start);
    out += text.slice(last, start) + TEMP_DIR;
    last = match.index + match[0].length;
  }
  return last === 0 ? text : out + text.slice(last);
}

// A string with every host temp folder masked: a case's temp folder wherever it is, any folder in /tmp (or macOS's
// temp root), and the harness's sandbox in either.
export function maskTempPaths(text: string): string {
  return caseDirs(text).replace(TEMP_PATH, TEMP_DIR);
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

/** What a run needs for its fingerprint. */
export type PrintedRun = Pick<RunResult, 'stdout' | 'stderr' | 'exitCode' | 'signal' | 'timedOut' | 'stdoutDroppedBytes' | 'stderrDroppedBytes' | 'limitHit'>;

/** How much of the head of stderr a report is looked for in, and how long one of its lines may be. */
const REPORT_CHARS = 16_384;
const REPORT_LINE_CHARS = 1_000;

// What a program that failed without an answer said on stderr: its first line, and the error line above the first
// stack frame when stderr holds a stack (the harness reports an error a method let escape that way: "dispatch: execute
// threw on calls[0] (x): …", then the error's stack). Frames are left out: they are the program's own layout.
function stderrReport(stderr: string, courseDir: string): { stderr: string; error?: string } {
  const lines = maskTempPaths(relativeTo(courseDir, stderr.slice(0, REPORT_CHARS))).split('\n').map((l) => l.slice(0, REPORT_LINE_CHARS));
  const frame = lines.findIndex((l) => /^\s+at /.test(l));
  const error = frame > 0 ? lines[frame - 1]?.trim() : undefined;
  return { stderr: lines[0] ?? '', ...(error ? { error } : {}) };
}

// The normalised text of what a run printed, with the exit code, or how it ended when it printed no answer:
// - a JSON document: `[exitCode, document]`, the document canonical;
// - nothing on stdout and a non-zero exit: `[exitCode, {"uncaught": error line}]` when Node's report of an uncaught
//   exception ends stderr (the line as Node wrote it: "TypeError: Cannot read properties of null (reading 'path')"),
//   else `[exitCode, {"stderr": first line, "error": error line}]` (stderrReport); where it was thrown is left out;
// - a run stopped at its timeout: `["timeout", stdout]`, what it had printed by then.
// Paths through the course directory are taken relative to it, and temp folders masked, in every form. Undefined for
// every other run (output that is no single document, a kill by a signal, a limit, cut output): such a run says
// nothing the same way twice.
export function canonicalOutput(expect: Expectation, run: PrintedRun, courseDir: string): string | undefined {
  if (run.stdoutDroppedBytes > 0 || run.limitHit) return undefined;
  if (run.timedOut) return JSON.stringify(['timeout', maskTempPaths(run.stdout)]);
  if (run.exitCode === null) return undefined;
  const parsed = parseStdout(run.stdout);
  if (parsed.ok) return JSON.stringify([run.exitCode, canonicalValue(parsed.value, expect.stdout)]);
  if (run.exitCode === 0 || run.stdout.trim() !== '' || run.stderrDroppedBytes > 0) return undefined;
  const crash = crashOf(run, courseDir);
  return JSON.stringify([run.exitCode, crash ? { uncaught: maskTempPaths(crash.error) } : stderrReport(run.stderr, courseDir)]);
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
export function fingerprintOf(expect: Expectation, run: PrintedRun, courseDir: string): string | undefined {
  const text = canonicalOutput(expect, run, courseDir);
  return text === undefined ? undefined : fnv1a64(text);
}
