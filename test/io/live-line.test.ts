import { describe, expect, it } from 'vitest';
import { createLiveLine } from '../../grader/text/io/live-line.ts';
import { progressLine } from '../../grader/reporters/progress-line.ts';
import { paintOf } from '../../grader/reporters/watch-marks.ts';

const ERASE = '\r\u001b[2K';

// A live line over a stream that records every write.
function recorded() {
  const writes: string[] = [];
  return { writes, line: createLiveLine({ write: (text) => writes.push(text) }) };
}

describe('live line', () => {
  it('is plain text until a status is shown', () => {
    const { writes, line } = recorded();
    line.print('a\n');
    line.print('b\n');
    expect(writes).toEqual(['a\n', 'b\n']);
  });

  it('erases the status before text and draws it again below', () => {
    const { writes, line } = recorded();
    line.show('▸ 1/4');
    line.print('  ✓ one\n');
    line.show('▸ 2/4');
    line.show('');
    expect(writes).toEqual(['▸ 1/4', `${ERASE}  ✓ one\n`, '▸ 1/4', ERASE, '▸ 2/4', ERASE]);
  });

  it('waits below a line that is not finished yet', () => {
    const { writes, line } = recorded();
    line.show('▸');
    line.print('part');
    line.show('▸ later');
    line.print(' end\n');
    expect(writes).toEqual(['▸', `${ERASE}part`, ' end\n', '▸ later']);
  });
});

describe('progress line', () => {
  it.each<[string, Parameters<typeof progressLine>[0], string]>([
    ['cases, elapsed and stage', { done: 37, total: 401, elapsedMs: 12_345, stage: 'view' }, '▸ 37/401 cases · 12.3 s · view'],
    ['before any stage', { done: 0, total: 3, elapsedMs: 1_000 }, '▸ 0/3 cases · 1.0 s'],
  ])('%s', (_, progress, expected) => {
    expect(progressLine(progress, paintOf(false))).toBe(expected);
  });
});
