import type { CommandOutput, Solution } from './solution.ts';
import type { Registry } from './registry/types.ts';
import { runDispatch } from './dispatch.ts';
import { runProtocol } from './protocol/run-protocol.ts';
import { runRegistry } from './registry/run-registry.ts';
import { runPolicy } from './policy/run-policy.ts';
import { runLoopCommand } from './loop/run-loop.ts';
import { runTurnCommand } from './turn/run-turn.ts';
import { runMcp } from './mcp/run-mcp.ts';
import { readStdin } from './stdin.ts';

// A program.ts command: the whole stdin in, what to print and the exit code out.
type Command = <T, R extends Registry>(stdinText: string, solution: Solution<T, R>) => Promise<CommandOutput>;

// One command per layer of the pipeline, in course order.
const COMMANDS: ReadonlyMap<string, Command> = new Map<string, Command>([
  ['dispatch', runDispatch],
  ['protocol', runProtocol],
  ['registry', runRegistry],
  ['policy', runPolicy],
  ['loop', runLoopCommand],
  ['turn', runTurnCommand],
  ['mcp', runMcp],
]);

// The entry point of program.ts: runs the command named by argv[0] against `solution`.
export async function main<T, R extends Registry>(argv: string[], solution: Solution<T, R>): Promise<void> {
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
