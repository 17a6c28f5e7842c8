import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GraderError } from '../../run/grader-error.ts';
import { commandFiles, commandsIndexWith, solutionIndexWith, type NewCommand } from '../core/command-skeleton.ts';

/** A new command's files, checked and ready: `write` creates them and adds the index lines, and says what it wrote. */
export type CommandScaffold = { write: () => Promise<string[]> };

const INDEXES = { commands: 'harness/commands/index.ts', reference: 'reference/index.ts', starter: 'starter/src/index.ts' } as const;

// Checks that a new command can be scaffolded in `root` (a clone of dispatch-lab: the harness, the reference and the
// starter are there, none of its files exist yet, its export is new), or throws a GraderError saying why.
export async function scaffoldCommand(root: string, command: NewCommand): Promise<CommandScaffold> {
  const missing = Object.values(INDEXES).filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) {
    throw new GraderError([`--command ${command.name} is a new program.ts command, and a new command is code: ${missing.join(', ')} missing under ${root}`, 'run new stage in a clone of the dispatch-lab repository; nothing was written']);
  }
  const files = commandFiles(command);
  const taken = files.filter((file) => existsSync(join(root, file.path))).map((file) => `${file.path} already exists`);
  const indexes = Object.fromEntries(await Promise.all(Object.entries(INDEXES).map(async ([key, path]) => [key, await readFile(join(root, path), 'utf8')] as const))) as Record<keyof typeof INDEXES, string>;
  const exported = new RegExp(`\\bexport \\{[^}]*\\b${command.exportName}\\b[^}]*\\}`);
  for (const key of ['reference', 'starter'] as const) if (exported.test(indexes[key])) taken.push(`${INDEXES[key]} already exports ${command.exportName}: pick another with --export <name>`);
  const commandsIndex = commandsIndexWith(indexes.commands, command.name);
  if (commandsIndex === undefined) taken.push(`${INDEXES.commands} is not laid out as new stage expects (imports, then "export const COMMANDS … = [" … "];"): add the command by hand`);
  if (taken.length > 0) throw new GraderError([...taken, 'nothing was written']);
  return {
    write: async () => {
      for (const file of files) {
        await mkdir(dirname(join(root, file.path)), { recursive: true });
        await writeFile(join(root, file.path), file.text);
      }
      await writeFile(join(root, INDEXES.commands), commandsIndex as string);
      await writeFile(join(root, INDEXES.reference), solutionIndexWith(indexes.reference, command.exportName, `./${command.name}/${command.name}.ts`));
      await writeFile(join(root, INDEXES.starter), solutionIndexWith(indexes.starter, command.exportName, `./${command.name}.ts`));
      return [...files.map((file) => file.path), ...Object.values(INDEXES)];
    },
  };
}
