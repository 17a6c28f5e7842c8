import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';

// docs/authoring.md, "A new command", followed in a scratch copy of the repository: `new stage --command` with a
// command program.ts does not have, then only the hand edits the guide lists, then record and verify. Every file the
// test writes itself goes through `byHand`, so the count is the number of files an instructor edits.

const COPIED = ['bin', 'grader', 'harness', 'reference', 'starter', 'stages', 'cases', 'scripts', 'package.json', 'tsconfig.json', 'program.ts'];
let dir: string;
const handEdited = new Set<string>();

// Runs the copy's own CLI (it rebuilds its dist/ from the copy's grader/ and harness/ when they are newer).
async function cli(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const run = await execa(process.execPath, [join(dir, 'bin/dispatch-lab.js'), ...args], { cwd: dir, reject: false, timeout: 300_000, env: { NO_COLOR: '1', COLUMNS: '10000' } });
  return { exitCode: run.exitCode ?? -1, stdout: String(run.stdout), stderr: String(run.stderr) };
}

// A hand edit: the whole new text of one file.
async function byHand(path: string, text: string): Promise<void> {
  handEdited.add(path);
  await writeFile(join(dir, path), text);
}

// Every file of the copy with its text, but the build's output (dist/ is not copied; the build also writes
// harness/mcp/course-server.bundle.cjs and its code cache, course-server.bundle.cache).
async function snapshot(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const top of COPIED) {
    const entries = top.includes('.') ? [top] : (await readdir(join(dir, top), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
    for (const path of entries) if (!path.includes('.dispatch-lab') && !/\.bundle\.(cjs|cache)$/.test(path)) files.set(path, await readFile(join(dir, path), 'utf8'));
  }
  return files;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-new-command-'));
  // verbatimSymlinks: starter/harness stays "../harness", the copy's own.
  for (const name of COPIED) await cp(join(repoRoot, name), join(dir, name), { recursive: true, verbatimSymlinks: true, filter: (source) => !source.includes('.dispatch-lab') });
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a stage with a new command, as docs/authoring.md says (e2e, in a copy of the repository)', () => {
  it('takes 6 hand-edited files, and verify passes', async () => {
    const before = await snapshot();
    const added = await cli(['new', 'stage', 'shout', '--after', 'echo', '--command', 'shout', '--title', 'shout: upper-case every text']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toContain('(command shout, new, "draft": true)');

    // Right after new stage: the to-do list says that validate fails on the example's TODO hint, and validate does so.
    expect(added.stdout).toContain("(until then `npx dispatch-lab validate` exits 2 on the example case's TODO hint (place 2): that is expected right after new stage");
    const early = await cli(['validate']);
    expect(early.exitCode).toBe(2);
    expect(early.stdout + early.stderr).toContain("cases/shout/example.json: $.hint: still the template's TODO");
    // record before the reference is written: it says the reference is what is unwritten, and where; it writes nothing.
    const unwritten = await cli(['record', '--stage', 'shout']);
    expect(unwritten.exitCode).toBe(2);
    expect(unwritten.stdout).toContain("unrecordable: cases/shout/example.json (example)\n    the reference is not written yet: it still throws its stub's error");
    expect(unwritten.stdout).toContain('write the model answer in reference/shout/shout.ts, then record again');
    expect(unwritten.stdout).not.toContain('refused the input');
    expect(JSON.parse(await readFile(join(dir, 'cases/shout/example.json'), 'utf8')).expect).toEqual({});

    await byHand(
      'harness/shout/shout-request.ts',
      `import type { FromSchema, InputSchema } from '../input-schema.ts';
import { readInput } from '../input-reader.ts';

// The input of \`program.ts shout\` (stage shout): the texts to shout.
export const SHOUT_INPUT = {
  type: 'object',
  description: 'Hands the texts to the solution\\'s shout, prints {"results": [...]}.',
  additionalProperties: false,
  required: ['texts'],
  properties: { texts: { type: 'array', items: { type: 'string' }, errorMessage: 'must be an array of strings' } },
  examples: [{ texts: ['hi'] }],
} as const satisfies InputSchema;

export type ShoutRequest = FromSchema<typeof SHOUT_INPUT>;

// Parses the shout stdin, or returns a one-line description of what is wrong with it.
export function parseShoutRequest(text: string): ShoutRequest | string {
  return readInput(SHOUT_INPUT, text) as ShoutRequest | string;
}
`,
    );
    const runner = await readFile(join(dir, 'harness/shout/run-shout.ts'), 'utf8');
    await byHand('harness/shout/run-shout.ts', runner.replace('JSON.stringify(answer ?? null)', 'JSON.stringify({ results: answer })'));
    await byHand(
      'reference/shout/shout.ts',
      `import type { ShoutRequest } from '../../harness/shout/shout-request.ts';

// Every text in upper case, in order.
export async function shout(request: ShoutRequest): Promise<string[]> {
  return request.texts.map((text) => text.toUpperCase());
}
`,
    );
    const stub = await readFile(join(dir, 'starter/src/shout.ts'), 'utf8');
    await byHand('starter/src/shout.ts', stub.replace(/\/\/ TODO\(shout\):.*/, '// TODO(shout): return every text of request.texts in upper case, in order.'));
    await byHand(
      'stages/shout.md',
      [
        '# shout: upper-case every text',
        '',
        'A command of its own: the harness hands the texts to your `shout`, and prints what it returns.',
        '',
        '## What to build',
        '',
        '`shout(request)` in `src/shout.ts`: resolve to the texts of `request.texts` in upper case.',
        '',
        '## Contract',
        '',
        'One result per text, in the order given.',
        '',
        '## Worked example',
        '',
        'stdin:',
        '',
        '```json',
        '{"texts": ["hi", "there"]}',
        '```',
        '',
        'stdout:',
        '',
        '```json',
        '{"results": ["HI", "THERE"]}',
        '```',
        '',
        '## Common mistakes',
        '',
        'Returning one joined string: return an array, one entry per text.',
        '',
        '## Run it',
        '',
        '```sh',
        'npx dispatch-lab test --stage shout',
        '```',
        '',
      ].join('\n'),
    );
    const example = JSON.parse(await readFile(join(dir, 'cases/shout/example.json'), 'utf8')) as Record<string, unknown>;
    await byHand('cases/shout/example.json', `${JSON.stringify({ ...example, hint: 'Upper-case each text and keep their order.', rule: 'One result per text, in the order given.', input: { texts: ['a', 'Bc'] } }, null, 2)}\n`);

    const recorded = await cli(['record', '--stage', 'shout']);
    expect(recorded.exitCode, recorded.stdout + recorded.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'cases/shout/example.json'), 'utf8')).expect).toEqual({ exitCode: 0, stdout: { results: ['A', 'BC'] } });
    const verified = await cli(['verify', '--stage', 'shout']);
    expect(verified.exitCode, verified.stdout + verified.stderr).toBe(0);
    const validated = await cli(['validate']);
    expect(validated.exitCode, validated.stdout + validated.stderr).toBe(0);

    // The count: the files written by hand, and every other change made by the commands themselves.
    expect([...handEdited].sort()).toEqual(['cases/shout/example.json', 'harness/shout/run-shout.ts', 'harness/shout/shout-request.ts', 'reference/shout/shout.ts', 'stages/shout.md', 'starter/src/shout.ts']);
    expect(handEdited.size).toBeLessThanOrEqual(6);
    const after = await snapshot();
    const changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path).sort();
    const byCommands = ['stages/stages.json', 'harness/commands/shout.ts', 'harness/commands/index.ts', 'reference/index.ts', 'starter/src/index.ts'];
    expect(changed).toEqual([...handEdited, ...byCommands].sort());

    // The reference goes wrong, and a new case is added: record writes no answer into it while the reference disagrees
    // with the example's recorded one (kept), until --force.
    await writeFile(join(dir, 'reference/shout/shout.ts'), (await readFile(join(dir, 'reference/shout/shout.ts'), 'utf8')).replace('toUpperCase()', 'toLowerCase()'));
    const another = await cli(['new', 'case', 'shout', 'Two texts keep their order']);
    expect(another.exitCode, another.stderr).toBe(0);
    const file = 'cases/shout/two-texts-keep-their-order.json';
    const fresh = JSON.parse(await readFile(join(dir, file), 'utf8')) as Record<string, unknown>;
    await writeFile(join(dir, file), `${JSON.stringify({ ...fresh, hint: 'Keep the order of the texts.', rule: 'One result per text, in the order given.', input: { texts: ['x', 'Y'] } }, null, 2)}\n`);
    const held = await cli(['record', '--stage', 'shout']);
    expect(held.exitCode, held.stdout + held.stderr).toBe(1);
    expect(held.stdout).toContain('kept cases/shout/example.json (example)');
    expect(held.stdout).toMatch(/held cases\/shout\/two-texts-keep-their-order\.json \(Two texts keep their order\)\n[\s\S]*not written: the reference disagrees with 1 recorded answer of this stage/);
    expect(JSON.parse(await readFile(join(dir, file), 'utf8')).expect).toEqual({});
  }, 900_000);
});
