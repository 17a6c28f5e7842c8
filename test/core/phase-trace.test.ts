import { describe, expect, it } from 'vitest';
import { PHASES, phaseOffsets, traceLine, traceMarks } from '../../grader/watch/core/phase-trace.ts';

describe('phase trace lines', () => {
  it.each(PHASES)('a %s line reads back as its phase and time', (phase) => {
    const at = 1_700_000_000_000 + PHASES.indexOf(phase) * 12.34;
    expect(traceMarks(`${traceLine(phase, at)}\n`)).toEqual([{ phase, epochMs: Number(at.toFixed(1)) }]);
  });

  it('skips other output, unknown phases and a line that only contains a trace', () => {
    const output = ['✓ echo passes', traceLine('run-start', 10), 'dispatch-lab trace: lunch 11', `  ${traceLine('graded', 12)}`, traceLine('verdict', 13)].join('\n');
    expect(traceMarks(output).map((m) => m.phase)).toEqual(['run-start', 'verdict']);
  });
});

describe('phaseOffsets', () => {
  const marks = [
    { phase: 'verdict' as const, epochMs: 90 },
    { phase: 'file-event' as const, epochMs: 104 },
    { phase: 'changes' as const, epochMs: 180 },
    { phase: 'file-event' as const, epochMs: 190 },
    { phase: 'verdict' as const, epochMs: 1_100 },
  ];
  it.each([
    { from: 100, want: { 'file-event': 4, changes: 80, verdict: 1_000 } },
    { from: 185, want: { 'file-event': 5, verdict: 915 } },
    { from: 2_000, want: {} },
  ])('from $from: the first mark of each phase at or after it', ({ from, want }) => {
    expect(phaseOffsets(marks, from)).toEqual(want);
  });
});
