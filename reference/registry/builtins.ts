import type { JsonSchema, ToolDefinition } from './types.ts';
import type { Tools } from '../tools.ts';

// The eight tools of stages 1–8 as described tools: snake_case fields only, nothing undeclared.

const text: JsonSchema = { type: 'string' };

// An object schema that accepts exactly these properties.
function params(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

// The built-in tools over one Tools object.
export function builtinTools(tools: Tools): ToolDefinition[] {
  return [
    {
      name: 'echo',
      description: 'Return the supplied text unchanged.',
      parameters: params({ text }, ['text']),
      effect: 'read',
      handler: (input) => tools.echo(input.text),
    },
    {
      name: 'view',
      description: 'Show a file with numbered lines (optionally only view_range [start, end]), or list a directory.',
      parameters: params({ path: text, view_range: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } }, ['path']),
      effect: 'read',
      handler: (input) => tools.view(input.path, input.view_range),
    },
    {
      name: 'create',
      description: 'Write a whole file, creating parent directories; an existing file is overwritten.',
      parameters: params({ path: text, file_text: text }, ['path', 'file_text']),
      effect: 'write',
      handler: (input) => tools.create(input.path, input.file_text),
    },
    {
      name: 'str_replace',
      description: 'Replace the one exact occurrence of old_str in a file with new_str.',
      parameters: params({ path: text, old_str: text, new_str: text }, ['path', 'old_str']),
      effect: 'write',
      handler: (input) => tools.strReplace(input.path, input.old_str, input.new_str),
    },
    {
      name: 'insert',
      description: 'Insert insert_text after line insert_line of a file (0 inserts at the top).',
      parameters: params({ path: text, insert_line: { type: 'integer', minimum: 0 }, insert_text: text }, ['path', 'insert_line', 'insert_text']),
      effect: 'write',
      handler: (input) => tools.insert(input.path, input.insert_line, input.insert_text),
    },
    {
      name: 'glob',
      description: 'List the files whose paths match a glob pattern, sorted.',
      parameters: params({ pattern: text, path: text }, ['pattern']),
      effect: 'read',
      handler: (input) => tools.glob(input.pattern, input.path),
    },
    {
      name: 'grep',
      description: 'Find the lines that match a regular expression, as path:line:text.',
      parameters: params({ pattern: text, path: text, glob: text }, ['pattern']),
      effect: 'read',
      handler: (input) => tools.grep(input.pattern, input.path, input.glob),
    },
    {
      name: 'bash',
      description: 'Run a shell command in the sandbox; timeout in milliseconds.',
      parameters: params({ command: text, timeout: { type: 'integer', minimum: 1, maximum: 600000 } }, ['command']),
      effect: 'exclusive',
      handler: (input) => tools.bash(input.command, input.timeout),
    },
  ];
}
