import type { CommandOutput, Solution } from './solution.ts';
import { runDispatch } from './dispatch.ts';
import { readStdin } from './stdin.ts';

// A program.ts command: the whole stdin in, what to print and the exit code out.
type Command = <T>(stdinText: string, solution: Solution<T>) => Promise<CommandOutput>;

const COMMANDS: ReadonlyMap<string, Command> = new Map([['dispatch', runDispatch]]);

// The entry point of program.ts: runs the command named by argv[0] against `solution`.
export async function main<T>(argv: string[], solution: Solution<T>): Promise<void> {
  const name = argv[0] ?? '';
  const command = COMMANDS.get(name);
  if (!command) {
    process.stderr.write(`unknown command: ${name}\n`);
    process.exitCode = 2;
    return;
  }
  const output = await command(await readStdin(), solution);
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  process.exitCode = output.exitCode;
}
