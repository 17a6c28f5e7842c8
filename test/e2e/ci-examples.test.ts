import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';

const examples = join(repoRoot, 'examples');

// Every `npx dispatch-lab <command> …` of a workflow (continued lines joined), as the command and its --flags.
function dispatchLabCalls(text: string): { command: string; flags: string[] }[] {
  const joined = text.replace(/\\\n\s*/g, ' ');
  return [...joined.matchAll(/npx dispatch-lab ([a-z-]+)([^\n]*)/g)].map((m) => ({ command: m[1]!, flags: [...(m[2] ?? '').matchAll(/(?<=\s)--[a-z-]+/g)].map((f) => f[0]) }));
}

describe('examples/ workflows', async () => {
  const files = (await readdir(examples)).filter((f) => f.endsWith('.yml')).sort();

  it('has the three workflows', () => {
    expect(files).toEqual(['github-classroom.yml', 'grade-class-gradebook.yml', 'grade-class.yml']);
  });

  it.each(files)('%s is plain YAML (spaces, a name, jobs with steps)', async (file) => {
    const text = await readFile(join(examples, file), 'utf8');
    expect(text).not.toMatch(/\t/);
    expect(text).toMatch(/^name: .+$/m);
    expect(text).toMatch(/^jobs:\n {2}[a-z-]+:\n/m);
    expect(text).toMatch(/^ {4}steps:$/m);
  });

  it.each(files)('%s calls only commands and flags that exist', async (file) => {
    const calls = dispatchLabCalls(await readFile(join(examples, file), 'utf8'));
    expect(calls.length).toBeGreaterThan(0);
    for (const { command, flags } of calls) {
      const help = await runCli([command, '--help']);
      expect(help.exitCode).toBe(0);
      for (const flag of flags) expect(help.stdout, `${command} ${flag}`).toContain(`${flag} `);
    }
  });
});
