import { describe, expect, it } from 'vitest';
import { decideRecord, graderFault } from '../../grader/course/core/record-decision.ts';
import { keepMatchers } from '../../grader/course/core/kept-matchers.ts';
import type { CaseResult, RunResult, Verdict } from '../../grader/course/core/types.ts';

const run = (stdout: string, exitCode: number, stderr = ''): RunResult => ({ stdout, stderr, exitCode, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1024 });
const failing: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: '.a', expected: 1, received: 2 }] }] };
const graded = (expect: object, r: RunResult, extra: object = {}, pass = false): CaseResult => ({
  case: { name: 'n', hint: 'h', input: {}, expect, stage: 'observe', file: 'cases/observe/n.json', ...extra },
  verdict: pass ? { status: 'pass' } : failing,
  run: r,
  durationMs: 1,
});
const MODES = [
  ['record', { check: false, update: false }],
  ['record --update --case', { check: false, update: true, named: true }],
  ['record --check', { check: true, update: false }],
] as const;

describe('record never writes a grader error as an answer', () => {
  const faults: [string, RunResult, object, RegExp][] = [
    ['an unknown command (the stage names a command program.ts lacks)', run('', 2, 'unknown command: observe\n'), {}, /no command "observe".*harness\/commands\/.*--command observe.*stages\.json/],
    ['an unknown command, even with "expectHarnessError"', run('', 2, 'unknown command: observe\n'), { expectHarnessError: true }, /no command "observe"/],
    ['any other harness exit 2', run('', 2, 'harness: cannot read stdin\n'), {}, /exited 2.*cannot read stdin/],
    ['exit 2 with JSON on stdout', run('{"a":1}\n', 2, ''), {}, /exited 2/],
  ];
  it.each(faults.flatMap(([what, r, extra, reason]) => MODES.map(([mode, flags]) => [what, mode, r, extra, reason, flags] as const)))('%s under %s is unrecordable, with the reason', (_what, _mode, r, extra, reason, flags) => {
    for (const expectation of [{}, { exitCode: 2 }]) {
      const decision = decideRecord(graded(expectation, r, extra), 'observe', flags);
      expect(decision.status).toBe('unrecordable');
      expect('lines' in decision ? decision.lines.join('\n') : '').toMatch(reason);
    }
  });

  it.each<[RunResult, boolean]>([
    [run('{"a":1}\n', 0), false],
    [run('', 1, 'observe: "result" must be an object\n'), false],
    [run('', 1, 'not implemented: redact in src/observe.ts\n'), false],
    [run('', 2, 'unknown command: x\n'), true],
    [run('', 1, 'unknown command: x\n'), true],
  ])('graderFault(%j) is %s', (r, isFault) => {
    expect(graderFault(r) !== undefined).toBe(isFault);
  });
});

describe('record --update keeps a matcher that still matches and lists every one it drops', () => {
  const update = { check: false, update: true, named: true };
  it.each<[string, unknown, unknown, unknown, string[]]>([
    ['a matching $any is kept', { n: { $any: 'integer' }, s: 'old' }, { n: 7, s: 'new' }, { n: { $any: 'integer' }, s: 'new' }, []],
    ['a $any the value no longer fits is dropped', { n: { $any: 'integer' } }, { n: 'seven' }, { n: 'seven' }, ['dropped the matcher {"$any":"integer"} at n: the reference printed "seven"']],
    ['a matching $regex in an array is kept', { results: [{ content: { $regex: '^ok' } }, 'x'] }, { results: [{ content: 'ok then' }, 'y'] }, { results: [{ content: { $regex: '^ok' } }, 'y'] }, []],
    ['a matcher under a key the reference no longer prints is dropped', { a: 1, gone: { id: { $any: 'string' } } }, { a: 2 }, { a: 2 }, ['dropped the matcher {"$any":"string"} at gone.id: the reference printed nothing there']],
    ['a matcher past the end of a shorter array is dropped', { r: [1, { $any: 'number' }] }, { r: [1] }, { r: [1] }, ['dropped the matcher {"$any":"number"} at r[1]: the reference printed nothing there']],
    ['a matcher for the whole document that no longer matches', { $any: 'object' }, [1], [1], ['dropped the matcher {"$any":"object"} at stdout: the reference printed [1]']],
  ])('%s', (_what, before, after, written, droppedLines) => {
    const decision = decideRecord(graded({ stdout: before, exitCode: 0 }, run(`${JSON.stringify(after)}\n`, 0)), 'observe', update);
    expect(decision).toMatchObject({ status: 'updated', expect: { stdout: written, exitCode: 0 } });
    const lines = 'lines' in decision ? decision.lines : [];
    expect(lines.filter((l) => l.startsWith('dropped the matcher'))).toEqual(droppedLines);
    // The diff shows the dropped matcher as a change, and nothing for a kept one.
    // The diff shows each dropped matcher's place (or the value holding it) as a removed line; a kept one shows nothing.
    for (const line of droppedLines) {
      const path = / at (\S+): /.exec(line)?.[1] ?? '';
      expect(lines.filter((l) => l.startsWith('- ')).some((l) => path.startsWith(l.slice(2, l.indexOf(': '))))).toBe(true);
    }
    if (droppedLines.length === 0) expect(lines.filter((l) => /\$any|\$regex|any \w+|matching/.test(l))).toEqual([]);
  });

  it('keeps matchers nested at every depth without touching literal values', () => {
    expect(keepMatchers({ a: [{ b: { $any: 'any' } }] }, { a: [{ b: null }] })).toEqual({ value: { a: [{ b: { $any: 'any' } }] }, dropped: [] });
  });
});
