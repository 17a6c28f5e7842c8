// Snapshots of the failure blocks that answer the mistake: shape notes, caret excerpts, likely mistakes, the named
// call of a timeout, a case cut short, and the one-line list of the failures not shown in full. Colours off.
import { describe, expect, it } from 'vitest';
import { failureDetails, moreFailures, type Paint } from '../../grader/reporters/failure-details.ts';
import { prettyReporter } from '../../grader/reporters/pretty.ts';
import type { Case, CaseResult, Stage, StageResult, Verdict } from '../../grader/course/core/types.ts';

const plain = (s: string) => s;
const paint: Paint = { dim: plain, red: plain, green: plain, yellow: plain, bold: plain };
const stage: Stage = {
  slug: 'view',
  title: 'view',
  command: 'dispatch',
  mistakes: [{ path: 'results[*].content', matches: '^0: ', hint: 'Line numbers start at 1.' }],
};

function caseOf(name: string, calls: number, extra: Partial<Case> = {}): Case {
  const input = { sandbox: { 'a.txt': 'a\nb\n' }, calls: Array.from({ length: calls }, () => ({ tool: 'view', input: { path: 'a.txt' } })) };
  return { name, hint: `the hint of ${name}`, stage: 'view', file: `cases/view/${name}.json`, input, expect: {}, ...extra };
}

function mismatch(path: string, expected: unknown, received: unknown): Verdict {
  return { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path, expected, received }] }] };
}

const result = (c: Case, verdict: Verdict, stderr = ''): CaseResult => ({
  case: c,
  verdict,
  durationMs: 1,
  run: { stdout: '', stderr, exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1 },
});

describe('failure blocks', () => {
  it('show a shape note before the hint', () => {
    expect(failureDetails(result(caseOf('final-newline', 1), mismatch('results[0].content', '1: a\n2: b\n', '1: a\n2: b')), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › final-newline  cases/view/final-newline.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
        what differs:
          results[0].content: the strings differ at line 2, column 5 (expected 2 lines, 10 chars; received 2 lines, 9 chars)
            expected: "1: a\\n2: b\\n"
            received: "1: a\\n2: b" (ends here)
                                 ^
        note: the received text lacks the final newline ("\\n") the expected text ends with
        hint: the hint of final-newline
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'final-newline'"
    `);
  });

  it('put a caret under the first differing character', () => {
    const expected = 'Error: No match found for replacement. Please check your text and try again.';
    expect(failureDetails(result(caseOf('wording', 1), mismatch('results[0].content', expected, expected.replace('again.', 'again!'))), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › wording  cases/view/wording.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
        what differs:
          results[0].content: the strings differ at line 1, column 76 (expected 1 line, 76 chars; received 1 line, 76 chars)
            expected: "Error: No match found for replacement. Please check your text and try again."
            received: "Error: No match found for replacement. Please check your text and try again!"
                                                                                                  ^
        note: the received text has "!" where the expected text has "." (the rest is the same)
        hint: the hint of wording
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'wording'"
    `);
  });

  it('show the stage\'s likely mistake above the case hint', () => {
    expect(failureDetails(result(caseOf('zero-based', 1), mismatch('results[0].content', '1: a\n2: b\n', '0: a\n1: b\n')), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › zero-based  cases/view/zero-based.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
        what differs:
          results[0].content: the strings differ at line 1, column 1 (expected 2 lines, 10 chars; received 2 lines, 10 chars)
            expected: "1: a\\n2: b\\n"
            received: "0: a\\n1: b\\n"
                       ^
        note: every number that differs is off by one (received 0 where 1 is expected): counting from 0 instead of 1, or the other way round?
        likely mistake: Line numbers start at 1.
        hint: the hint of zero-based
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'zero-based'"
    `);
  });

  it('name the call a timeout happened in, with a time-limited reproduce command', () => {
    const verdict: Verdict = { status: 'timeout', timeoutMs: 3000, during: 'calls[0] view' };
    expect(failureDetails(result(caseOf('hangs', 1), verdict), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › hangs  cases/view/hangs.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
        timeout:
          timed out during calls[0] view: the call did not return within 3000 ms (an endless loop, or waiting on something that never comes?)
        hint: the hint of hangs
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 3 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'hangs'"
    `);
  });

  it('say why a case was cut short', () => {
    const verdict: Verdict = { status: 'timeout', timeoutMs: 10000, during: 'glob', cutShort: { call: 'glob', cases: 2 } };
    expect(failureDetails(result(caseOf('cut', 2), verdict), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › cut  cases/view/cut.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
          1: view {"path":"a.txt"}
        timeout:
          cut short: calls to glob timed out in 2 earlier cases, so this case, which calls glob too, was not run (fix that tool and rerun)
        hint: the hint of cut
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}},{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'cut'"
    `);
  });

  it('name the call a crash happened in', () => {
    const verdict: Verdict = { status: 'fail', failures: [{ kind: 'crash', during: 'calls[1] bash' }, { kind: 'exit-code', expected: 0, received: 1, signal: null }] };
    expect(failureDetails(result(caseOf('crash', 2), verdict, 'Error: boom\n    at bash (src/tools.ts:3:9)'), stage, paint)).toMatchInlineSnapshot(`
      "✗ view › crash  cases/view/crash.json
        sent:
          sandbox: {"a.txt":"a\\nb\\n"}
          0: view {"path":"a.txt"}
          1: view {"path":"a.txt"}
        what differs:
          crashed during calls[1] bash: the program ended before this call returned (a thrown error or an unhandled promise rejection; see stderr)
          exit code: expected 0, received 1
        stderr:
          Error: boom
              at bash (src/tools.ts:3:9)
        hint: the hint of crash
        reproduce: printf '%s' '{"sandbox":{"a.txt":"a\\nb\\n"},"calls":[{"tool":"view","input":{"path":"a.txt"}},{"tool":"view","input":{"path":"a.txt"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"
        rerun:     npx dispatch-lab test --stage view --case 'crash'"
    `);
  });

  it('list the rest with one line each', () => {
    const rest = [result(caseOf('range-end', 2), mismatch('results[1].content', '2: b\n', '1: a\n')), result(caseOf('missing', 1), { status: 'error', message: 'the grader could not run the program: spawn failed' })];
    expect(moreFailures(rest, paint)).toMatchInlineSnapshot(`
      "  … 2 more failing cases (rerun one with --case to see it in full):
          ✗ range-end — results[1].content: expected "2: b\\n", received "1: a\\n"
          ✗ missing — the grader could not run the program: spawn failed"
    `);
  });
});

describe('the pretty reporter at the end of a stage', () => {
  it('shows the simplest failures first, three in full, the rest listed', () => {
    let out = '';
    const reporter = prettyReporter({ write: (t) => (out += t), color: false, width: 120 });
    const cases = [
      result(caseOf('e-crlf-edge-case', 4), mismatch('results[0].content', '1: a\r\n', '0: a\r\n')),
      result(caseOf('d-basic', 1), mismatch('results[0].content', '1: a\n', '0: a\n')),
      result(caseOf('c-two-calls', 2), mismatch('results[1].content', 'x', 'y')),
      result(caseOf('b-three-calls', 3), mismatch('results[2].content', 'x', 'z')),
      result(caseOf('a-five-calls', 5), mismatch('results[4].content', 'x', 'w')),
      result(caseOf('f-passes', 1), { status: 'pass' }),
    ];
    const stageResult: StageResult = { stage, status: 'fail', cases };
    reporter.onStageEnd?.(stageResult);
    const headers = out.split('\n').filter((l) => l.startsWith('✗ ')).map((l) => l.replace(/  cases\/.*$/, ''));
    expect(headers).toEqual(['✗ view › d-basic', '✗ view › c-two-calls', '✗ view › b-three-calls']);
    expect(out.slice(out.indexOf('  … 2 more failing'))).toMatchInlineSnapshot(`
      "  … 2 more failing cases (rerun one with --case to see it in full):
          ✗ e-crlf-edge-case — results[0].content: expected "1: a\\r\\n", received "0: a\\r\\n"
          ✗ a-five-calls — results[4].content: expected "x", received "w"
      "
    `);
  });
});

describe('a failure a known mistake explains', () => {
  const offByOne = mismatch('results[0].content', '1: a', '0: a');
  const known = [{ id: 'view/zero-based', description: 'lines are numbered from 0', hint: 'Start counting at 1.' }];
  it('names the mistake for certain, with its hint, in place of the stage\'s guess', () => {
    const text = failureDetails({ ...result(caseOf('numbers', 1), offByOne), known }, stage, paint);
    expect(text).toContain('\n  known mistake: lines are numbered from 0 — your output is exactly what a program with this mistake prints\n  its hint: Start counting at 1.\n');
    expect(text).not.toContain('likely mistake:');
    // Without it, the guess is shown.
    expect(failureDetails(result(caseOf('numbers', 1), offByOne), stage, paint)).toContain('likely mistake: Line numbers start at 1.');
  });
  it('shows the mistake\'s own hint in place of the case\'s, which guesses at a cause', () => {
    const text = failureDetails({ ...result(caseOf('numbers', 1), offByOne), known }, stage, paint);
    expect(text).toContain('  its hint: Start counting at 1.');
    expect(text).not.toContain('the hint of numbers');
    // Without a known mistake, the case's hint is shown.
    expect(failureDetails(result(caseOf('numbers', 1), offByOne), stage, paint)).toContain('\n  hint: the hint of numbers');
  });
  it('labels a case new since the last pass', () => {
    const text = failureDetails({ ...result(caseOf('numbers', 1), offByOne), isNew: true }, stage, paint);
    expect(text.split('\n')[1]).toBe('  new: new since you passed this stage: the course added this case after your last pass');
  });
});
