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

describe('canonicalOutput', () => {
  const expect0 = { stdout: { results: [] }, exitCode: 0 };
  it('is the exit code and the canonical document', () => {
    expect(canonicalOutput(expect0, run('{"z":1,"a":2}\n', { exitCode: 1 }))).toBe('[1,{"a":2,"z":1}]');
  });
  it.each<[string, RunResult]>([
    ['not JSON', run('oops')],
    ['two documents', run('{}{}')],
    ['empty', run('')],
    ['a timeout', run('{}', { timedOut: true })],
    ['killed by a signal', run('{}', { exitCode: null, signal: 'SIGKILL' })],
    ['cut output', run('{}', { stdoutDroppedBytes: 10 })],
  ])('is undefined for a run that printed %s', (_, r) => {
    expect(canonicalOutput(expect0, r)).toBeUndefined();
  });
  it('gives one fingerprint to runs that differ only in temp folders, key order and matched values', () => {
    const expected = { stdout: { results: [{ content: { $regex: 'ms$' } }] } };
    const a = fingerprintOf(expected, run('{"results":[{"content":"3 ms","path":"/tmp/aa/f"}]}'));
    const b = fingerprintOf(expected, run('{"results":[{"path":"/tmp/bb/f","content":"40 ms"}]}'));
    const c = fingerprintOf(expected, run('{"results":[{"path":"/tmp/bb/g","content":"40 ms"}]}'));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(fingerprintOf(expected, run('{"results":[]}', { exitCode: 1 }))).not.toBe(fingerprintOf(expected, run('{"results":[]}')));
  });
});
