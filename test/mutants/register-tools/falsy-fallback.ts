// Mutant: `||` instead of `??` between the two spellings, so an empty snake_case value falls back to the Claude Code field.
// Replaces: reference/execute.ts
// Caught by: empty-snake-field-still-wins
import type { Execute, ToolResult } from '../../../reference/types.ts';
import type { Tools } from '../../../reference/tools.ts';
import { failure } from '../../../reference/results.ts';

// The call's input as an object of fields; anything that is not a plain object counts as `{}`.
type Input = Record<string, unknown>;

// Maps one tool name to a Tools method, translating the model's field names to its arguments.
type Handler = (tools: Tools, input: Input) => Promise<ToolResult>;

// The snake_case field, else Claude Code's name for it (`null` counts as absent).
function field(input: Input, name: string, alias: string): unknown {
  return input[name] || input[alias];
}

const view: Handler = (tools, input) => tools.view(field(input, 'path', 'file_path'), input.view_range);
const create: Handler = (tools, input) =>
  tools.create(field(input, 'path', 'file_path'), field(input, 'file_text', 'content'));
const strReplace: Handler = (tools, input) =>
  tools.strReplace(
    field(input, 'path', 'file_path'),
    field(input, 'old_str', 'old_string'),
    field(input, 'new_str', 'new_string'),
  );
const insert: Handler = (tools, input) =>
  tools.insert(
    field(input, 'path', 'file_path'),
    input.insert_line,
    input.insert_text ?? field(input, 'new_str', 'new_string'),
  );
const glob: Handler = (tools, input) => tools.glob(input.pattern, field(input, 'path', 'file_path'));
const grep: Handler = (tools, input) => tools.grep(input.pattern, field(input, 'path', 'file_path'), input.glob);
const bash: Handler = (tools, input) => tools.bash(input.command, input.timeout);
const echo: Handler = (tools, input) => tools.echo(input.text);

// Model-facing names (Claude Code's) and the text-editor primitives. Case-sensitive.
const HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ['Read', view],
  ['view', view],
  ['Write', create],
  ['create', create],
  ['Edit', strReplace],
  ['str_replace', strReplace],
  ['insert', insert],
  ['Glob', glob],
  ['glob', glob],
  ['Grep', grep],
  ['grep', grep],
  ['Bash', bash],
  ['bash', bash],
  ['echo', echo],
]);

// Builds the dispatcher: a tool call by name in, a result out, never a rejection.
export function makeExecute(tools: Tools): Execute {
  return async (name, input) => {
    const handler = HANDLERS.get(name);
    if (!handler) return failure(`unknown tool: ${name}`);
    try {
      return await handler(tools, isPlainObject(input) ? input : {});
    } catch (error) {
      return failure(`Error: ${hideRoot(messageOf(error), tools.root)}`);
    }
  };
}

function isPlainObject(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Unexpected errors (from fs, say) name host paths; the model sees root-relative ones instead.
function hideRoot(message: string, root: string): string {
  return message.replaceAll(`${root}/`, '').replaceAll(root, '.');
}
