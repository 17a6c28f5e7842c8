import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellLines } from '../../grader/text/core/shell-lines.ts';

// What sh prints running `command` (its stdout).
function shOutput(command: string): string {
  return execFileSync('sh', ['-c', command], { encoding: 'utf8' });
}

const LABEL = '  reproduce: ';
const json = `{"sandbox":{"a b.txt":"it'\\''s \\"q\\""},"calls":[{"tool":"missing_tool","input":{"text":"hello world and more words here"}}]}`;
const commands = [
  `printf '%s' '${json}' | cat; echo " [exit $?]"`,
  `printf '%s\\n' 'An unknown tool name is an error result, not a crash' one two three four five six seven eight nine ten`,
  `printf '%s' '日本語 ✅ ${'x'.repeat(90)}'`,
];

describe('shellLines', () => {
  it.each(commands.flatMap((command) => [80, 60, 40].map((width) => [width, command] as const)))('at %i columns: the same command, lines that fit (%s)', (width, command) => {
    const lines = shellLines(command, width, LABEL, '      ');
    expect(lines.every((line) => [...line].length <= width)).toBe(true);
    expect(shOutput(lines.join('\n').slice(LABEL.length))).toBe(shOutput(command));
  });

  it('keeps a command that fits on one line', () => {
    expect(shellLines(`npx dispatch-lab test --stage echo --case 'a b'`, 80, '  rerun: ')).toEqual([`  rerun: npx dispatch-lab test --stage echo --case 'a b'`]);
  });

  it('breaks at spaces outside quotes with a line continuation, and inside quotes only for a word too long', () => {
    expect(shellLines(`echo 'one two three' four`, 16, '', '  ')).toEqual([`echo \\`, `  'one two '\\`, `'three' four`]);
  });

  it('leaves a word with nothing quoted to cut at whole', () => {
    expect(shellLines(`cat ${'y'.repeat(30)}`, 20)).toEqual(['cat \\', `${'y'.repeat(30)}`]);
  });
});
