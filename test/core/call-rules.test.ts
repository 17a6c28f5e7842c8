import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseFiles } from '../../grader/course/core/course.ts';
import { contentProblems } from '../../grader/course/core/content-rules.ts';
import { COMMAND_CALLS } from '../../grader/course/core/call-sites.ts';
import { DISPATCH_TOOLS, INSTRUMENT_TOOLS, REGISTRY_TOOLS, THROWING_TOOLS, WORKSPACE_TOOLS, type CourseTool } from '../../grader/course/core/course-tools.ts';
import { INPUT_SCHEMAS } from '../../grader/course/core/input-schema.ts';
import { builtinTools } from '../../reference/registry/builtins.ts';
import { extraTools } from '../../reference/registry/extra-tools.ts';
import { throwingTools } from '../../harness/registry/throwing-tools.ts';
import { courseTools } from '../../harness/loop/course-tools.ts';
import { instrumentTools } from '../../harness/turn/instruments.ts';
import { WORKSPACE_TOOLS as PROTOCOL_TOOLS } from '../../reference/protocol/workspace-tools.ts';
import type { Tools } from '../../reference/tools.ts';

const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
// A course of one stage per command (the dispatch ones in the course's order), each case file named after its stage.
const STAGES = [
  ['echo', 'dispatch'], ['view', 'dispatch'], ['insert', 'dispatch'], ['bash', 'dispatch'], ['register-tools', 'dispatch'],
  ['workspace-protocol', 'protocol'], ['validate-args', 'registry'], ['permissions', 'policy'], ['tool-loop', 'loop'], ['parallel-calls', 'turn'], ['mcp-discovery', 'mcp'], ['observe', 'observe'],
] as const;
type Slug = (typeof STAGES)[number][0];

// The call problems validate reports for one case of `stage` with this input (and extra case fields).
function problemsOf(stage: Slug, input: unknown, fields: object = {}): string[] {
  const data = { name: 'one case', hint: 'Check what the stage text says about it.', input, expect: { stdout: { results: [] } }, ...fields };
  const files: CourseFiles = {
    manifest: { file: 'stages/stages.json', text: JSON.stringify({ stages: STAGES.map(([slug, command]) => ({ slug, title: slug, command, draft: true })) }) },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles: [{ file: `cases/${stage}/one-case.json`, dir: stage, text: JSON.stringify(data) }],
    caseDirs: [stage],
    stageDocs: [],
  };
  return contentProblems(files, { stageTexts: {}, caseDirEntries: {} });
}

const ON_PURPOSE = /[;,] (or )?if the case sends it on purpose, add "sendsBadCalls": true to the case$/;
const calls = (...list: unknown[]) => ({ calls: list });
const server = { name: 'course', command: 'node', args: ['harness/mcp/course-server.mjs'] };

describe('validate checks every call of every command against the tools its stage can reach', () => {
  // Each mistake kind: the stage, the case's input, and what validate says (file, JSON path, what is wrong, what to do).
  it.each<[string, Slug, unknown, RegExp[]]>([
    ['dispatch: a misspelt tool name', 'view', calls({ tool: 'veiw', input: { path: 'a' } }), [/^cases\/view\/one-case\.json: \$\.input\.calls\[0\]\.tool: unknown tool "veiw" \(did you mean "view"\?\); stage "view" can reach echo, view/]],
    ['dispatch: a misspelt parameter', 'view', calls({ tool: 'echo', input: { text: 'x' } }, { tool: 'view', input: { paht: 'a' } }), [/^cases\/view\/one-case\.json: \$\.input\.calls\[1\]\.input\.paht: view has no parameter "paht" \(did you mean "path"\?\)/, /^cases\/view\/one-case\.json: \$\.input\.calls\[1\]\.input: view needs "path" \(or "file_path"\)/]],
    ['dispatch: a tool of a later stage', 'echo', calls({ tool: 'bash', input: { command: 'ls' } }), [/^cases\/echo\/one-case\.json: \$\.input\.calls\[0\]\.tool: "bash" is introduced by stage "bash", after "echo".*move the case to stage "bash"/]],
    ['dispatch: arguments that are not an object', 'echo', calls({ tool: 'echo', input: 'hi' }), [/^cases\/echo\/one-case\.json: \$\.input\.calls\[0\]\.input: not an object: echo takes \{text\}/]],
    ['dispatch: a required parameter left out', 'echo', calls({ tool: 'echo' }), [/^cases\/echo\/one-case\.json: \$\.input\.calls\[0\]\.input: echo needs "text"/]],
    ['registry: a misspelt course tool', 'validate-args', calls({ tool: 'explod' }), [/^cases\/validate-args\/one-case\.json: \$\.input\.calls\[0\]\.tool: unknown tool "explod" \(did you mean "explode"\?\).*explode_value/]],
    ['registry: Claude Code\'s field name, which the registry\'s schema refuses', 'validate-args', calls({ tool: 'view', input: { file_path: 'a' } }), [/^cases\/validate-args\/one-case\.json: \$\.input\.calls\[0\]\.input\.file_path: view has no parameter "file_path"; it takes path, view_range/, /\$\.input\.calls\[0\]\.input: view needs "path";/]],
    ['registry: a parameter its own registered tool does not declare', 'validate-args', { register: [{ name: 'note', description: 'A note.', parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false } }], calls: [{ tool: 'note', input: { titel: 'x' } }] }, [/^cases\/validate-args\/one-case\.json: \$\.input\.calls\[0\]\.input\.titel: note has no parameter "titel" \(did you mean "title"\?\)/, /\$\.input\.calls\[0\]\.input: note needs "title"/]],
    ['registry: an argument to a tool that takes none', 'validate-args', calls({ tool: 'explode_now', input: { now: true } }), [/\$\.input\.calls\[0\]\.input\.now: explode_now has no parameter "now"; it takes no arguments;/]],
    ['policy: a misspelt parameter of an extra tool', 'permissions', { policy: { allow: ['add'] }, calls: [{ tool: 'add', input: { a: 1, bb: 2 } }] }, [/^cases\/permissions\/one-case\.json: \$\.input\.calls\[0\]\.input\.bb: add has no parameter "bb" \(did you mean "b"\?\)/, /\$\.input\.calls\[0\]\.input: add needs "b"/]],
    ['loop: a misspelt name in the scripted model\'s tool_calls', 'tool-loop', { user: 'go', model: [{ content: 'x' }, { tool_calls: [{ id: 'a', name: 'echo', arguments: { text: 'x' } }, { id: 'b', name: 'explde' }] }] }, [/^cases\/tool-loop\/one-case\.json: \$\.input\.model\[1\]\.tool_calls\[1\]\.name: unknown tool "explde" \(did you mean "explode"\?\)/]],
    ['loop: a misspelt argument', 'tool-loop', { user: 'go', model: [{ tool_calls: [{ name: 'view', arguments: { pth: 'a' } }] }] }, [/^cases\/tool-loop\/one-case\.json: \$\.input\.model\[0\]\.tool_calls\[0\]\.arguments\.pth: view has no parameter "pth" \(did you mean "path"\?\)/, /arguments: view needs "path"/]],
    ['turn: a misspelt instrument parameter', 'parallel-calls', calls({ id: 'a', tool: 'latch', input: { grup: 'g', size: 2 } }), [/^cases\/parallel-calls\/one-case\.json: \$\.input\.calls\[0\]\.input\.grup: latch has no parameter "grup" \(did you mean "group"\?\)/, /latch needs "group"/]],
    ['turn: a misspelt instrument', 'parallel-calls', calls({ id: 'a', tool: 'taly', input: { path: 'a', text: 'x' } }), [/^cases\/parallel-calls\/one-case\.json: \$\.input\.calls\[0\]\.tool: unknown tool "taly" \(did you mean "tally"\?\)/]],
    ['protocol: a misspelt tool', 'workspace-protocol', { op: 'dispatch', call: { tool: 'raed_file', args: { path: 'a' } } }, [/^cases\/workspace-protocol\/one-case\.json: \$\.input\.call\.tool: unknown tool "raed_file" \(did you mean "read_file"\?\); stage "workspace-protocol" can reach read_file, write_file, patch_file/]],
    ['protocol: a misspelt argument', 'workspace-protocol', { op: 'dispatch', workspace: {}, call: { tool: 'write_file', args: { path: 'a', contents: 'x' } } }, [/^cases\/workspace-protocol\/one-case\.json: \$\.input\.call\.args\.contents: write_file has no parameter "contents" \(did you mean "content"\?\)/, /\$\.input\.call\.args: write_file needs "content"/]],
    ['mcp: a server that the case does not start', 'mcp-discovery', { servers: [server], calls: [{ tool: 'mcp__other__echo', input: { text: 'x' } }] }, [/^cases\/mcp-discovery\/one-case\.json: \$\.input\.calls\[0\]\.tool: unknown tool "mcp__other__echo".*and the tools of its servers \(mcp__course__…\)/]],
    ['mcp: a misspelt built-in beside the servers', 'mcp-discovery', { servers: [server], calls: [{ tool: 'eho', input: { text: 'x' } }] }, [/\$\.input\.calls\[0\]\.tool: unknown tool "eho" \(did you mean "echo"\?\)/]],
    ['an odd key is written as a quoted step', 'echo', calls({ tool: 'echo', input: { text: 'x', 'a b': 1 } }), [/\$\.input\.calls\[0\]\.input\["a b"\]: echo has no parameter "a b"; it takes text;/]],
  ])('%s', (_what, stage, input, expected) => {
    const found = problemsOf(stage, input);
    expect(found).toEqual(expected.map((e) => expect.stringMatching(e)));
    for (const problem of found) expect(problem).toMatch(ON_PURPOSE);
  });

  it.each<[string, Slug, unknown]>([
    ['Claude Code names with their own fields', 'register-tools', calls({ tool: 'Edit', input: { file_path: 'a', old_string: 'x', new_string: 'y' } }, { tool: 'view', input: { file_path: 'a' } })],
    ['insert reading new_str', 'insert', calls({ tool: 'insert', input: { path: 'a', insert_line: 0, new_str: 'x' } })],
    ['a tool without arguments, its input absent', 'validate-args', calls({ tool: 'explode' }, { tool: 'explode_value', input: null })],
    ['a registered tool whose schema does not close its object', 'validate-args', { register: [{ name: 'any', description: 'Anything.', parameters: { type: 'object' } }], calls: [{ tool: 'any', input: { x: 1 } }] }],
    ['the loop\'s explode, its arguments absent', 'tool-loop', { user: 'go', model: [{ tool_calls: [{ name: 'explode' }] }] }],
    ['a server\'s tool with any arguments', 'mcp-discovery', { servers: [server], calls: [{ tool: 'mcp__course__echo', input: { text: 'x', loud: true } }] }],
    ['a protocol request refused before its call is read', 'workspace-protocol', { op: 'dispach', call: { tool: 'raed_file' } }],
    ['a protocol request as raw text', 'workspace-protocol', '{"op": "dispatch", "call": {"tool": "raed_file"}}'],
    ['a command that declares no calls', 'observe', calls({ tool: 'veiw' })],
  ])('accepts %s', (_what, stage, input) => {
    expect(problemsOf(stage, input)).toEqual([]);
  });

  it('leaves a case that says it sends bad calls on purpose alone', () => {
    expect(problemsOf('tool-loop', { user: 'go', model: [{ tool_calls: [{ name: 'explde' }] }] }, { sendsBadCalls: true })).toEqual([]);
    expect(problemsOf('workspace-protocol', { op: 'dispatch', call: { tool: 'drop_database' } }, { sendsBadCalls: true })).toEqual([]);
  });

  it('knows where the calls sit only for commands program.ts declares', () => {
    expect(Object.keys(COMMAND_CALLS).filter((command) => !(command in INPUT_SCHEMAS))).toEqual([]);
  });
});

// A declared tool's parameters as the schema it copies lists them: [required first names, every first name sorted].
const shape = (tool: CourseTool | undefined) => [tool?.required.map((p) => p[0]), [...(tool?.required ?? []), ...(tool?.optional ?? [])].map((p) => p[0]).sort()];
const schemaShape = (parameters: unknown) => {
  const s = parameters as { properties?: Record<string, unknown>; required?: string[] };
  return [s.required ?? [], Object.keys(s.properties ?? {}).sort()];
};

describe('the declared tools copy the reference\'s and the harness\'s own', () => {
  const builtins = builtinTools({} as Tools);
  it.each<[string, readonly CourseTool[], { name: string; parameters: unknown }[]]>([
    ['dispatch tools (first names)', DISPATCH_TOOLS.filter((t) => t.stage !== 'register-tools'), builtins],
    ['registry tools', REGISTRY_TOOLS, [...builtins, ...extraTools]],
    ['throwing tools', THROWING_TOOLS, [...throwingTools]],
    ['turn instruments', INSTRUMENT_TOOLS, instrumentTools('/nowhere')],
  ])('%s', (_what, declared, actual) => {
    expect(declared.map((t) => t.name)).toEqual(actual.map((t) => t.name));
    for (const tool of actual) expect(shape(declared.find((t) => t.name === tool.name)), tool.name).toEqual(schemaShape(tool.parameters));
  });

  it('the loop adds its course tools to the registry tools', () => {
    const loop = COMMAND_CALLS.loop?.tools({}).map((t) => t.name);
    expect(loop).toEqual([...REGISTRY_TOOLS.map((t) => t.name), ...courseTools.map((t) => t.name)]);
  });

  it('the protocol\'s tools are the reference\'s', () => {
    expect(WORKSPACE_TOOLS.map((t) => t.name)).toEqual(Object.keys(PROTOCOL_TOOLS));
  });
});
