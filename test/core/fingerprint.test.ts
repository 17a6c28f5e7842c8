import { describe, expect, it } from 'vitest';
import { canonicalOutput, canonicalValue, fingerprintOf, fnv1a64, MATCHED, maskTempPaths, TEMP_DIR } from '../../grader/known/core/fingerprint.ts';
import type { RunResult } from '../../grader/course/core/types.ts';
import { CASE_DIR_PREFIX } from '../../grader/sandbox/core/temp-names.ts';
import { SANDBOX_DIR_PREFIX } from '../../harness/temp-names.ts';

// The FNV-1a 64 of the bytes, the slow way (BigInt, the definition as written), to check the 32-bit halves against.
function fnvByDefinition(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

function run(stdout: string, extra: Partial<RunResult> = {}): RunResult {
  return { stdout, stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 5, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1024, ...extra };
}

describe('fnv1a64', () => {
  it.each([['', 'cbf29ce484222325'], ['a', 'af63dc4c8601ec8c'], ['foobar', '85944171f73967e8']])('gives the published value for %j', (text, hash) => {
    expect(fnv1a64(text)).toBe(hash);
  });
  it.each(['héllo ✓ wörld', '{"results":[{"content":"1: A"}]}', 'x'.repeat(1000), '\u0000\uffff'])('agrees with the definition on %j', (text) => {
    expect(fnv1a64(text)).toBe(fnvByDefinition(text));
  });
});

describe('maskTempPaths', () => {
  it.each([
    ['/tmp/dispatch-lab-abc123/a.txt: no such file', `${TEMP_DIR}/a.txt: no such file`],
    ['at /private/var/folders/xy/z1/T/tmp-9/x', `at ${TEMP_DIR}/x`],
    ['no path here', 'no path here'],
    ['"/tmp/a" and "/tmp/b"', `"${TEMP_DIR}" and "${TEMP_DIR}"`],
    // A case's temp dir, the harness's sandbox in it (mkdtemp's six characters), wherever the grader's temp root is.
    [`open '/tmp/${CASE_DIR_PREFIX}4026531836.77-Ab12Cd/${SANDBOX_DIR_PREFIX}x9Y8z7/a.txt'`, `open '${TEMP_DIR}/a.txt'`],
    [`/tmp/${CASE_DIR_PREFIX}1.2-Ab12Cd/${SANDBOX_DIR_PREFIX}x9Y8z7`, TEMP_DIR],
    [`cwd: /work/tmp/${CASE_DIR_PREFIX}1.2-Ab12Cd/${SANDBOX_DIR_PREFIX}x9Y8z7/src (and /home)`, `cwd: ${TEMP_DIR}/src (and /home)`],
    [`/private/var/folders/xy/z1/T/${CASE_DIR_PREFIX}1.2-Ab12Cd/${SANDBOX_DIR_PREFIX}x9Y8z7/a`, `${TEMP_DIR}/a`],
    [`a /var/t/${CASE_DIR_PREFIX}1.2-Ab12Cd b /tmp/${CASE_DIR_PREFIX}1.2-Zz99Zz/${SANDBOX_DIR_PREFIX}111111`, `a ${TEMP_DIR} b ${TEMP_DIR}`],
    // A name in the sandbox that only looks like one: not six characters, so it stays.
    [`/tmp/x/${SANDBOX_DIR_PREFIX}notes/a and /tmp/x/${SANDBOX_DIR_PREFIX}abcdefg/a`, `${TEMP_DIR}/${SANDBOX_DIR_PREFIX}notes/a and ${TEMP_DIR}/${SANDBOX_DIR_PREFIX}abcdefg/a`],
    ['src/a.ts: no temp folder', 'src/a.ts: no temp folder'],
  ])('%j', (text, masked) => expect(maskTempPaths(text)).toBe(masked));
  it.each([
    ['many slashes', '/a'.repeat(200_000)],
    ['many case folder names', `/${CASE_DIR_PREFIX}x`.repeat(20_000)],
    ['many temp roots', '/tmp/a'.repeat(60_000)],
  ])('masks a long string of %s in one pass (no backtracking that grows with its square)', (_, text) => {
    // A check on the work done, not on time: a quadratic walk over 400 kB would take minutes, so any finish passes.
    expect(maskTempPaths(text).length).toBeLessThanOrEqual(text.length);
  });
});

describe('canonicalValue', () => {
  it('sorts keys at every depth', () => {
    expect(JSON.stringify(canonicalValue({ b: 1, a: { d: 2, c: 3 } }, undefined))).toBe('{"a":{"c":3,"d":2},"b":1}');
  });
  it('replaces a value its matcher accepts, keeps one it refuses', () => {
    const expected = { results: [{ content: { $regex: '^took \\d+ ms$' } }, { content: { $any: 'number' } }] };
    expect(canonicalValue({ results: [{ content: 'took 12 ms' }, { content: 'seven' }] }, expected)).toEqual({ results: [{ content: MATCHED }, { content: 'seven' }] });
  });
  it('masks temp folders in strings and keys', () => {
    expect(canonicalValue({ '/tmp/x1/a': '/tmp/x2/b' }, {})).toEqual({ [`${TEMP_DIR}/a`]: `${TEMP_DIR}/b` });
  });
});

// What node writes on stderr when an exception nobody caught ends the program, thrown at `where`.
function crashReport(error: string, where = 'file:///home/student/course/.dispatch-lab/build/1/program.mjs:12') {
  return `${where}\n    throw new Error(name);\n    ^\n\n${error}\n    at execute (${where.replace(/:\d+$/, ':12:11')})\n    at async main (${where.replace(/:\d+$/, ':40:3')}) {\n  code: 'X'\n}\n\nNode.js v20.20.2\n`;
}
const COURSE = '/home/student/course';

describe('canonicalOutput', () => {
  const expect0 = { stdout: { results: [] }, exitCode: 0 };
  const crashed = (error: string, extra: Partial<RunResult> = {}) => run('', { exitCode: 1, stderr: crashReport(error), ...extra });
  it('is the exit code and the canonical document', () => {
    expect(canonicalOutput(expect0, run('{"z":1,"a":2}\n', { exitCode: 1 }), COURSE)).toBe('[1,{"a":2,"z":1}]');
  });
  it('is the exit code and the error line for an uncaught exception, the course folder and temp folders masked', () => {
    expect(canonicalOutput(expect0, crashed('Error: unknown tool: nope'), COURSE)).toBe('[1,{"uncaught":"Error: unknown tool: nope"}]');
    expect(canonicalOutput(expect0, crashed(`Error: ENOENT: no such file or directory, open '${COURSE}/notes/a.txt'`), COURSE)).toBe(`[1,{"uncaught":"Error: ENOENT: no such file or directory, open 'notes/a.txt'"}]`);
    expect(canonicalOutput(expect0, crashed(`Error: EACCES: permission denied, open '/var/run/${CASE_DIR_PREFIX}ab12/a.txt'`), COURSE)).toBe(`[1,{"uncaught":"Error: EACCES: permission denied, open '${TEMP_DIR}/a.txt'"}]`);
    expect(canonicalOutput(expect0, crashed("TypeError: Cannot read properties of null (reading 'path') at /tmp/abc123/f"), COURSE)).toBe(`[1,{"uncaught":"TypeError: Cannot read properties of null (reading 'path') at ${TEMP_DIR}/f"}]`);
  });
  it('gives one fingerprint to the same uncaught error thrown from another place or another course folder', () => {
    const here = run('', { exitCode: 1, stderr: crashReport('Error: boom', 'file:///home/student/course/program.mjs:3') });
    const there = run('', { exitCode: 1, stderr: crashReport('Error: boom', 'file:///tmp/other/course/swapped.mjs:900') });
    expect(fingerprintOf(expect0, here, COURSE)).toBe(fingerprintOf(expect0, there, '/tmp/other/course'));
    expect(fingerprintOf(expect0, here, COURSE)).not.toBe(fingerprintOf(expect0, crashed('Error: boom!'), COURSE));
    expect(fingerprintOf(expect0, here, COURSE)).not.toBe(fingerprintOf(expect0, { ...here, exitCode: 7 }, COURSE));
  });
  it('is the exit code, the first line of stderr and the error line above its stack for a program that reported an error itself', () => {
    const report = (where: string) => `dispatch: execute threw on calls[0] (nope): unknown tool: nope\nError: unknown tool: nope\n    at execute (${where}:59:25)\n    at main (${where}:15:18)\n`;
    const reported = run('', { exitCode: 1, stderr: report(`${COURSE}/reference/execute.ts`) });
    expect(canonicalOutput(expect0, reported, COURSE)).toBe('[1,{"stderr":"dispatch: execute threw on calls[0] (nope): unknown tool: nope","error":"Error: unknown tool: nope"}]');
    // Thrown from elsewhere in another course folder: the same.
    expect(fingerprintOf(expect0, run('', { exitCode: 1, stderr: report('/srv/other/swapped.mjs') }), '/srv/other')).toBe(fingerprintOf(expect0, reported, COURSE));
    // A line of the program's own before it, or no stack: another print.
    expect(fingerprintOf(expect0, run('', { exitCode: 1, stderr: `debug\n${report('x')}` }), COURSE)).not.toBe(fingerprintOf(expect0, reported, COURSE));
    expect(canonicalOutput(expect0, run('', { exitCode: 1, stderr: `dispatch: stdin is not JSON: '${COURSE}/in' in /tmp/abc123/x\n` }), COURSE)).toBe(`[1,{"stderr":"dispatch: stdin is not JSON: 'in' in ${TEMP_DIR}/x"}]`);
    expect(canonicalOutput(expect0, run('', { exitCode: 2 }), COURSE)).toBe('[2,{"stderr":""}]');
  });
  it('is "timeout" and what was printed by then for a run stopped at its timeout', () => {
    expect(canonicalOutput(expect0, run('', { timedOut: true, exitCode: null, signal: 'SIGKILL' }), COURSE)).toBe('["timeout",""]');
    expect(canonicalOutput(expect0, run('{"results":[{"path":"/tmp/zz9/a"', { timedOut: true, exitCode: null, signal: 'SIGKILL' }), COURSE)).toBe(`["timeout","{\\"results\\":[{\\"path\\":\\"${TEMP_DIR}/a\\""]`);
  });
  it.each<[string, RunResult]>([
    ['not JSON', run('oops')],
    ['two documents', run('{}{}')],
    ['empty, and exit 0', run('')],
    ['text on stdout before a crash report', crashed('Error: boom', { stdout: 'partial' })],
    ['text on stdout, and exit 1', run('partial', { exitCode: 1, stderr: 'Error: boom\n' })],
    ['nothing on stdout, and a report on stderr that was cut', run('', { exitCode: 1, stderr: 'Error: boom\n', stderrDroppedBytes: 10 })],
    ['a crash report, exit 0', crashed('Error: boom', { exitCode: 0 })],
    ['killed by a signal', run('{}', { exitCode: null, signal: 'SIGKILL' })],
    ['a crash report, killed by a signal', crashed('Error: boom', { exitCode: null, signal: 'SIGABRT' })],
    ['cut output', run('{}', { stdoutDroppedBytes: 10 })],
    ['cut output, then its timeout', run('{}', { stdoutDroppedBytes: 10, timedOut: true, exitCode: null, signal: 'SIGKILL' })],
    ['a limit', crashed('RangeError: Maximum call stack size exceeded', { limitHit: 'memory' })],
  ])('is undefined for a run that printed %s', (_, r) => {
    expect(canonicalOutput(expect0, r, COURSE)).toBeUndefined();
  });
  it('gives one fingerprint to runs that differ only in temp folders, key order and matched values', () => {
    const expected = { stdout: { results: [{ content: { $regex: 'ms$' } }] } };
    const a = fingerprintOf(expected, run('{"results":[{"content":"3 ms","path":"/tmp/aa/f"}]}'), COURSE);
    const b = fingerprintOf(expected, run('{"results":[{"path":"/tmp/bb/f","content":"40 ms"}]}'), COURSE);
    const c = fingerprintOf(expected, run('{"results":[{"path":"/tmp/bb/g","content":"40 ms"}]}'), COURSE);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(fingerprintOf(expected, run('{"results":[]}', { exitCode: 1 }), COURSE)).not.toBe(fingerprintOf(expected, run('{"results":[]}'), COURSE));
  });
});
