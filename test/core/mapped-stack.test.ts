import { describe, expect, it } from 'vitest';
import { mapStack, type FindOriginal } from '../../grader/run/core/mapped-stack.ts';

const BUNDLE = '/home/student/course/.dispatch-lab/build/x/program.mjs';

// A map of two positions of the bundle: line 10 (any column) is src/tools.ts line 3, line 20 is program.ts line 5.
const find: FindOriginal = (path, line, column) => {
  if (path !== BUNDLE) return undefined;
  if (line === 10) return { path: '/home/student/course/src/tools.ts', line: 3, column: column - 4, sourceLine: "  throw new Error('boom');" };
  if (line === 20) return { path: '/home/student/course/program.ts', line: 5, column: 1 };
  return undefined;
};

describe('mapStack', () => {
  it.each([
    ['a named frame', `    at run (file://${BUNDLE}:10:13)`, '    at run (/home/student/course/src/tools.ts:3:9)'],
    ['an anonymous frame', `    at file://${BUNDLE}:10:13`, '    at /home/student/course/src/tools.ts:3:9'],
    ['an async frame', `    at async file://${BUNDLE}:20:1`, '    at async /home/student/course/program.ts:5:1'],
    ['a plain path (a CommonJS stack)', `    at run (${BUNDLE}:10:13)`, '    at run (/home/student/course/src/tools.ts:3:9)'],
    ['a position with no original, left as printed', `    at run (file://${BUNDLE}:99:1)`, `    at run (file://${BUNDLE}:99:1)`],
    ['a file outside the build', '    at run (file:///home/student/course/other.mjs:10:13)', '    at run (file:///home/student/course/other.mjs:10:13)'],
    ['node internals', '    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)', '    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)'],
    ['text with no position', 'dispatch: stdin is not valid JSON', 'dispatch: stdin is not valid JSON'],
    ['two positions on one line', `from file://${BUNDLE}:10:5 to ${BUNDLE}:20:2`, 'from /home/student/course/src/tools.ts:3:1 to /home/student/course/program.ts:5:1'],
  ])('%s', (_name, printed, mapped) => {
    expect(mapStack(printed, find)).toBe(mapped);
  });

  it('maps node\'s header of an uncaught exception: file and line, the source line, a caret under the column', () => {
    const printed = [`file://${BUNDLE}:10`, '      throw new Error("boom");', '      ^', '', 'Error: boom', `    at run (file://${BUNDLE}:10:13)`, '', 'Node.js v20.20.2', ''].join('\n');
    expect(mapStack(printed, find)).toBe(['/home/student/course/src/tools.ts:3', "  throw new Error('boom');", '  ^', '', 'Error: boom', '    at run (/home/student/course/src/tools.ts:3:9)', '', 'Node.js v20.20.2', ''].join('\n'));
  });

  it('leaves the header as printed when the map has no text for the source line (it never reads a file)', () => {
    const printed = [`file://${BUNDLE}:20`, 'await main();', '^', '', 'Error: boom'].join('\n');
    expect(mapStack(printed, find)).toBe(printed);
  });

  it('decodes a file URL before looking it up (a space in the course path)', () => {
    const spaced: FindOriginal = (path, line) => (path === '/a b/program.mjs' && line === 1 ? { path: '/a b/program.ts', line: 2, column: 3 } : undefined);
    expect(mapStack('    at file:///a%20b/program.mjs:1:1', spaced)).toBe('    at /a b/program.ts:2:3');
  });
});
