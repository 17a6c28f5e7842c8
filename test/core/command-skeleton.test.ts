import { describe, expect, it } from 'vitest';
import { camelCase, commandFiles, commandPaths, commandsIndexWith, solutionIndexWith } from '../../grader/course/core/command-skeleton.ts';
import { starterStubs } from '../../grader/course/core/starter-stubs.ts';

describe('a new command’s skeleton', () => {
  it.each([
    ['observe', 'observe'],
    ['observe-result', 'observeResult'],
    ['a2-b', 'a2B'],
  ])('%s in camelCase is %s', (name, camel) => {
    expect(camelCase(name)).toBe(camel);
  });

  it('writes the five files where commandPaths says, and a starter stub verify recognises', () => {
    const files = commandFiles({ name: 'observe-result', stage: 'observe', exportName: 'observeResult' });
    expect(files.map((f) => f.path)).toEqual(Object.values(commandPaths('observe-result')));
    const stub = files.find((f) => f.path === 'starter/src/observe-result.ts');
    expect(starterStubs([stub?.text ?? ''])).toEqual(['observeResult in src/observe-result.ts']);
    expect(files.find((f) => f.path === 'harness/commands/observe-result.ts')?.text).toContain("name: 'observe-result'");
  });

  it('adds the import and the entry to the command list, or says it cannot', () => {
    const index = "import { dispatch } from './dispatch.ts';\nimport { mcp } from './mcp.ts';\n\nexport const COMMANDS = [\n  dispatch,\n  mcp,\n];\n";
    expect(commandsIndexWith(index, 'observe-result')).toBe(
      "import { dispatch } from './dispatch.ts';\nimport { mcp } from './mcp.ts';\nimport { observeResult } from './observe-result.ts';\n\nexport const COMMANDS = [\n  dispatch,\n  mcp,\n  observeResult,\n];\n",
    );
    expect(commandsIndexWith('export const COMMANDS = [];\n', 'x')).toBeUndefined();
  });

  it('adds a value export after the last one, before the type exports', () => {
    const index = "// The reference.\nexport { Tools } from './tools.ts';\nexport { runTurn } from './turn/run-turn.ts';\nexport type { ToolResult } from './types.ts';\n";
    expect(solutionIndexWith(index, 'observe', './observe/observe.ts')).toBe(
      "// The reference.\nexport { Tools } from './tools.ts';\nexport { runTurn } from './turn/run-turn.ts';\nexport { observe } from './observe/observe.ts';\nexport type { ToolResult } from './types.ts';\n",
    );
    expect(solutionIndexWith('', 'observe', './observe.ts')).toBe("export { observe } from './observe.ts';\n");
  });
});
