// The JSON Schema of a case's `input` for each program.ts command: the harness's own declarations (harness/commands/),
// bundled into dist/ at build time. Every object is closed (additionalProperties: false), so a typo such as "calsl" is
// named instead of silently ignored; ajv ignores the harness's annotations (`errorMessage`).
import { COMMANDS } from '../../../harness/commands/index.ts';

/** The input schema of each program.ts command. `protocol` takes any text or JSON: rejecting bad requests is its lesson. */
export const INPUT_SCHEMAS: Readonly<Record<string, object>> = Object.fromEntries(COMMANDS.map((command) => [command.name, command.input]));

/** Commands whose harness reads the input text itself; for the others a string input is sent verbatim and refused. */
export const RAW_INPUT_COMMANDS: readonly string[] = COMMANDS.filter((command) => command.rawInput === true).map((command) => command.name);

/** The input a new case of a command starts from: the first example of its schema. */
export function inputExample(command: string): unknown {
  const examples = COMMANDS.find((c) => c.name === command)?.input.examples;
  return examples?.[0];
}
