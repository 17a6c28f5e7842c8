// The tools a `dispatch` stage's calls can name, as validate checks case files against them: each name, the stage of
// the course that introduces it, and its parameters, each with the other names it is read under. They are the
// reference's declared parameters (reference/registry/builtins.ts; test/core/call-rules.test.ts keeps the two equal)
// plus the field names reference/execute.ts also reads (Claude Code's file_path, content, old_string, new_string; new_str
// for insert's text), which Claude Code's tool names (stage register-tools) send.

/** A parameter: its name first, then the other names the same value is read under. */
export type Parameter = readonly string[];

/** One tool name a dispatch call can send. */
export type DispatchTool = { name: string; stage: string; required: readonly Parameter[]; optional: readonly Parameter[] };

const PATH: Parameter = ['path', 'file_path'];

export const DISPATCH_TOOLS: readonly DispatchTool[] = [
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
