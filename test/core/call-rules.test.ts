import { describe, expect, it } from 'vitest';
import { callProblems } from '../../grader/course/core/call-rules.ts';
import { DISPATCH_TOOLS } from '../../grader/course/core/dispatch-tools.ts';
import { builtinTools } from '../../reference/registry/builtins.ts';
import type { Tools } from '../../reference/tools.ts';

const ORDER = ['echo', 'view', 'create', 'str-replace', 'insert', 'glob', 'grep', 'bash', 'register-tools'];
const calls = (...list: unknown[]) => ({ calls: list });

describe('validate checks each dispatch call against the tools its stage can reach', () => {
  it.each<[string, string, unknown, RegExp[]]>([
    ['a misspelt tool name', 'view', calls({ tool: 'veiw', input: { path: 'a' } }), [/^\$\.input\.calls\[0\]\.tool: unknown tool "veiw" \(did you mean "view"\?\); stage "view" can reach echo, view; if the case sends it on purpose, add "sendsBadCalls": true/]],
    ['a misspelt parameter', 'view', calls({ tool: 'echo', input: { text: 'x' } }, { tool: 'view', input: { paht: 'a' } }), [/^\$\.input\.calls\[1\]\.input\.paht: view has no parameter "paht" \(did you mean "path"\?\)/, /^\$\.input\.calls\[1\]\.input: view needs "path" \(or "file_path"\)/]],
    ['a tool of a later stage', 'echo', calls({ tool: 'bash', input: { command: 'ls' } }), [/^\$\.input\.calls\[0\]\.tool: "bash" is introduced by stage "bash", after "echo".*move the case to stage "bash"/]],
    ['an input that is not an object', 'echo', calls({ tool: 'echo', input: 'hi' }), [/^\$\.input\.calls\[0\]\.input: not an object: echo takes \{text\}/]],
    ['Claude Code names with their own fields', 'register-tools', calls({ tool: 'Edit', input: { file_path: 'a', old_string: 'x', new_string: 'y' } }, { tool: 'view', input: { file_path: 'a' } }), []],
    ['insert reading new_str', 'insert', calls({ tool: 'insert', input: { path: 'a', insert_line: 0, new_str: 'x' } }), []],
    ['a well-formed call', 'grep', calls({ tool: 'grep', input: { pattern: 'x', glob: '*.ts' } }), []],
  ])('%s', (_what, stage, input, expected) => {
    expect(callProblems(input, stage, ORDER)).toEqual(expected.map((e) => expect.stringMatching(e)));
  });

  it('declares every built-in tool with the reference\'s own parameters (first names), required ones as required', () => {
    const builtins = builtinTools({} as Tools);
    for (const tool of builtins) {
      const declared = DISPATCH_TOOLS.find((t) => t.name === tool.name);
      const schema = tool.parameters as { properties: Record<string, unknown>; required: string[] };
      expect(declared, tool.name).toBeDefined();
      expect(declared?.required.map((p) => p[0]), tool.name).toEqual(schema.required);
      expect([...(declared?.required ?? []), ...(declared?.optional ?? [])].map((p) => p[0]).sort(), tool.name).toEqual(Object.keys(schema.properties).sort());
    }
  });
});
