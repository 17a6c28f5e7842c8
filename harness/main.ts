import type { Solution } from './solution.ts';
import type { Registry } from './registry/types.ts';
import { COMMANDS } from './commands/index.ts';
import { readStdin } from './stdin.ts';
import { writeOutput } from './write-output.ts';

// The entry point of program.ts: runs the command named by argv[0] against `solution`.
export async function main<T, R extends Registry>(argv: string[], solution: Solution<T, R>): Promise<void> {
  const name = argv[0] ?? '';
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`unknown command: ${name}\n`);
    process.exitCode = 2;
    return;
  }
  const output = await command.run(await readStdin(), solution);
  await writeOutput(1, output.stdout);
  await writeOutput(2, output.stderr);
  process.exitCode = output.exitCode;
}
