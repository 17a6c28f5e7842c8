import type { Execute } from './types.ts';
import type { Tools } from './tools.ts';
import { NotImplementedError } from './not-implemented.ts';

// The dispatcher: turns a tool call (a name the model chose, and its input) into a result.
// Stage echo: route `echo` and answer unknown names. Stages view…bash: add each primitive name.
// Stage register-tools: add the aliases Read, Write, Edit, Glob, Grep, Bash.
export function makeExecute(tools: Tools): Execute {
  void tools;
  return async (name, input) => {
    void [name, input];
    // TODO(echo): `echo` → { content: input.text }; any other name → { content: `unknown tool: ${name}`, is_error: true }.
    throw new NotImplementedError('makeExecute in src/execute.ts');
  };
}
