import type { CommandOutput, Solution, SolutionParts } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import type { InputSchema } from '../input-schema.ts';

// A program.ts command, declared once: harness/main.ts runs it, the grader checks case inputs against its schema
// (`validate`), writes new cases from its example (`new case`), and the authoring guide's table lists it.
export type CommandDeclaration = {
  // `program.ts <name>`; the `command` of a stage in stages/stages.json.
  readonly name: string;
  // The JSON Schema of the stdin: its `description` says what the command does, its first `examples` entry is the
  // input a new case starts from. Only the keywords of input-schema.ts.
  readonly input: InputSchema;
  // The stdin text goes to the solution untouched (the protocol stage: reading requests is the lesson); a case may
  // then give its input as a string, sent verbatim.
  readonly rawInput?: boolean;
  // The exports of the solution's src/index.ts the command calls; a required one exists from the first stage on, an
  // optional one is reported as not implemented while missing. Each is typed in SolutionParts (solution.ts) by the
  // command's declaration file.
  readonly exports: readonly { readonly name: keyof SolutionParts<unknown, Registry>; readonly required: boolean }[];
  // Runs the command: the whole stdin in, what to print and the exit code out. Loaded when it runs, so that reading
  // the declarations (the grader does) loads no runner.
  readonly run: <T, R extends Registry>(stdinText: string, solution: Solution<T, R>) => Promise<CommandOutput>;
};
