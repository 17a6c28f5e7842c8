import { describe, expect, it } from 'vitest';
import { verifyLines, type StagePair } from '../../grader/course/core/verify-lines.ts';
import type { CaseResult, Stage, StageResult, Verdict } from '../../grader/course/core/types.ts';

const stage: Stage = { slug: 'echo', title: 'Echo', command: 'dispatch' };
const view = { ok: (s: string) => s, bad: (s: string) => s, details: (r: CaseResult) => `✗ ${r.case.name}\n  what differs` };
const facts = { stubs: ['makeExecute in src/execute.ts'] };
const STUB: Verdict = { status: 'fail', failures: [{ kind: 'not-implemented', what: 'makeExecute in src/execute.ts' }] };
const caseResult = (i: number, verdict: Verdict): CaseResult => ({ case: { name: `case ${i}`, file: `cases/echo/${i}.json`, hint: 'h', input: {}, expect: {}, stage: 'echo' }, verdict, durationMs: 0 });
const stageResult = (verdicts: Verdict[]): StageResult => ({ stage, status: 'pass', cases: verdicts.map((v, i) => caseResult(i, v)) });
const PASS: Verdict = { status: 'pass' };

describe('verifyLines', () => {
  it('is quiet when the reference passes, the starter stops at its stubs and the worked example matches', () => {
    const pair: StagePair = { reference: stageResult([PASS, PASS]), starter: stageResult([STUB, STUB]), example: caseResult(9, PASS) };
    expect(verifyLines([pair], view, facts)).toEqual({ lines: ['✓ echo  reference passes 2/2 · starter fails 2/2 · worked example matches', '', 'verified 1 stage'], surprises: 0 });
  });

  it('shows the failure block for the reference, and names starter cases that pass or fail without a declared stub', () => {
    const crash: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 1, signal: null }] };
    const missing: Verdict = { status: 'fail', failures: [{ kind: 'not-implemented', what: 'runTurn (export it from src/index.ts)' }] };
    const pair: StagePair = { reference: stageResult([PASS, crash]), starter: stageResult([PASS, crash, missing]), exampleProblem: 'the worked example\'s stdin block is not JSON' };
    const { lines, surprises } = verifyLines([pair], view, facts);
    expect(surprises).toBe(1);
    expect(lines[0]?.split('\n')).toEqual([
      '✗ echo  reference passes 1/2 · starter fails 2/3',
      '    ✗ case 1',
      '      what differs',
      '    the reference is the answer key: fix the reference, or the case (review with npx dispatch-lab record --check --stage echo; record --update --case <name> replaces the expectation)',
      '    starter passes: case 0 (cases/echo/0.json)',
      '    starter fails case 1 (cases/echo/1.json) without "not implemented": every part a stage needs must be a stub in starter/',
      '    starter stops at "not implemented: runTurn (export it from src/index.ts)", which no stub in starter/ declares (a stub or an export is missing): case 2',
      "    stages/echo.md: the worked example's stdin block is not JSON",
    ]);
  });
});
