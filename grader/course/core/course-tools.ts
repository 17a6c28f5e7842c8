// The tools a case's calls can name, per family, as validate checks case files against them: each name, its
// parameters (each with the other names it is read under) and, for the dispatch tools, the stage that introduces it.
// They copy the reference's and the harness's own declarations (test/core/call-rules.test.ts keeps them equal):
// reference/registry/builtins.ts and extra-tools.ts, harness/registry/throwing-tools.ts, harness/loop/course-tools.ts,
// harness/turn/latch.ts and tally.ts, reference/protocol/workspace-tools.ts. The dispatch tools also take the field
// names reference/execute.ts reads (Claude Code's file_path, content, old_string, new_string; new_str for insert's
// text), which Claude Code's tool names (stage register-tools) send.

/** A parameter: its name first, then the other names the same value is read under. */
export type Parameter = readonly string[];

/** One tool a call can name. */
export type CourseTool = {
  name: string;
  /** The stage that introduces it, where the command's tools come stage by stage (dispatch). */
  stage?: string;
  required: readonly Parameter[];
  optional: readonly Parameter[];
  /** Its schema takes keys it does not list (a case's own descriptor without additionalProperties: false). */
  open?: boolean;
};

const PATH: Parameter = ['path', 'file_path'];

export const DISPATCH_TOOLS: readonly CourseTool[] = [
  { name: 'echo', stage: 'echo', required: [['text']], optional: [] },
  { name: 'view', stage: 'view', required: [PATH], optional: [['view_range']] },
  { name: 'create', stage: 'create', required: [PATH, ['file_text', 'content']], optional: [] },
  { name: 'str_replace', stage: 'str-replace', required: [PATH, ['old_str', 'old_string']], optional: [['new_str', 'new_string']] },
  { name: 'insert', stage: 'insert', required: [PATH, ['insert_line'], ['insert_text', 'new_str', 'new_string']], optional: [] },
  { name: 'glob', stage: 'glob', required: [['pattern']], optional: [PATH] },
  { name: 'grep', stage: 'grep', required: [['pattern']], optional: [PATH, ['glob']] },
  { name: 'bash', stage: 'bash', required: [['command']], optional: [['timeout']] },
  { name: 'Read', stage: 'register-tools', required: [['file_path', 'path']], optional: [['view_range']] },
  { name: 'Write', stage: 'register-tools', required: [['file_path', 'path'], ['content', 'file_text']], optional: [] },
  { name: 'Edit', stage: 'register-tools', required: [['file_path', 'path'], ['old_string', 'old_str']], optional: [['new_string', 'new_str']] },
  { name: 'Glob', stage: 'register-tools', required: [['pattern']], optional: [['path', 'file_path']] },
  { name: 'Grep', stage: 'register-tools', required: [['pattern']], optional: [['path', 'file_path'], ['glob']] },
  { name: 'Bash', stage: 'register-tools', required: [['command']], optional: [['timeout']] },
];

const only = (...names: string[]): Parameter[] => names.map((name) => [name]);

/** What makeRegistry registers (stage validate-args on): the built-ins under their snake_case fields only, then the extras. */
export const REGISTRY_TOOLS: readonly CourseTool[] = [
  { name: 'echo', required: only('text'), optional: [] },
  { name: 'view', required: only('path'), optional: only('view_range') },
  { name: 'create', required: only('path', 'file_text'), optional: [] },
  { name: 'str_replace', required: only('path', 'old_str'), optional: only('new_str') },
  { name: 'insert', required: only('path', 'insert_line', 'insert_text'), optional: [] },
  { name: 'glob', required: only('pattern'), optional: only('path') },
  { name: 'grep', required: only('pattern'), optional: only('path', 'glob') },
  { name: 'bash', required: only('command'), optional: only('timeout') },
  { name: 'add', required: only('a', 'b'), optional: [] },
  { name: 'web_search', required: only('query'), optional: only('max_results', 'language', 'filters') },
];

/** The `registry` command's tools whose handlers throw (harness/registry/throwing-tools.ts); none takes an argument. */
export const THROWING_TOOLS: readonly CourseTool[] = ['explode', 'explode_now', 'explode_value'].map((name) => ({ name, required: [], optional: [] }));

/** The `turn` command's instruments (harness/turn/instruments.ts). */
export const INSTRUMENT_TOOLS: readonly CourseTool[] = [
  { name: 'latch', required: only('group', 'size'), optional: only('path') },
  { name: 'latch_write', required: only('group', 'size', 'path'), optional: [] },
  { name: 'tally', required: only('path', 'text'), optional: [] },
];

/** The `protocol` command's workspace tools (reference/protocol/workspace-tools.ts). */
export const WORKSPACE_TOOLS: readonly CourseTool[] = [
  { name: 'read_file', required: only('path'), optional: [] },
  { name: 'write_file', required: only('path', 'content'), optional: [] },
  { name: 'patch_file', required: only('path', 'old_str'), optional: only('new_str') },
];
