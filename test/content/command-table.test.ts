import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../harness/commands/index.ts';
import { commandTable, schemaText, withCommandTable } from '../../grader/course/core/command-table.ts';
import { repoRoot } from '../e2e/cli.ts';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string; command: string }[] };

describe("the authoring guide's command table", () => {
  it('is the one made from harness/commands/ and the manifest (else: npm run docs:commands)', () => {
    const guide = readFileSync(join(repoRoot, 'docs/authoring.md'), 'utf8');
    expect(withCommandTable(guide, commandTable(COMMANDS, manifest.stages))).toBe(guide);
  });

  it('lists every command a stage uses, and each command once', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const stage of manifest.stages) expect(names).toContain(stage.command);
  });

  it.each([
    [{ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 1 } }, required: ['a'] }, '{"a": string, "b"?: integer ≥ 1}'],
    [{ type: 'array', items: { type: 'boolean' } }, '[boolean]'],
    [{ type: 'object', additionalProperties: { type: 'string' } }, '{string: string}'],
    [{ type: 'object', title: '{path: text}', additionalProperties: { type: 'string' } }, '{path: text}'],
    [{ type: 'string', pattern: '^a$' }, 'string matching ^a$'],
    [{ description: 'any JSON' }, 'any'],
  ] as const)('writes %j as %s', (schema, text) => {
    expect(schemaText(schema)).toBe(text);
  });
});
