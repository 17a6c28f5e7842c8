// `npm run docs:commands`: rewrites the table of program.ts commands in docs/authoring.md from the commands'
// declarations (harness/commands/) and stages/stages.json. test/content/command-table.test.ts fails while it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { COMMANDS } from '../harness/commands/index.ts';
import { commandTable, withCommandTable } from '../grader/course/core/command-table.ts';

const guidePath = new URL('../docs/authoring.md', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../stages/stages.json', import.meta.url), 'utf8')) as { stages: { slug: string; command: string }[] };
const guide = readFileSync(guidePath, 'utf8');
const updated = withCommandTable(guide, commandTable(COMMANDS, manifest.stages));
if (updated === undefined) {
  process.stderr.write('docs/authoring.md has no generated command table (its begin and end marks are gone): put them back under "The input of each command"\n');
  process.exit(2);
}
if (updated !== guide) writeFileSync(guidePath, updated);
process.stdout.write(updated === guide ? 'docs/authoring.md: the command table is up to date\n' : 'docs/authoring.md: rewrote the command table\n');
