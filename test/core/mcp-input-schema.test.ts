import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseFiles } from '../../grader/course/core/course.ts';
import { contentProblems } from '../../grader/course/core/content-rules.ts';

// `validate` on an mcp case: a server entry is checked against its one declaration
// (harness/mcp/server-spec-schema.ts), so a key that no client and no harness reads is named.

const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
const RULE = 'Every server of the case is started before its calls run.';
const TEXT = ['# MCP', '## What to build', 'x', '## Contract', RULE, '## Worked example', 'stdin:', '```json', '{"servers": [], "calls": []}', '```', 'stdout:', '```json', '{"results": []}', '```', '## Common mistakes', 'x', '## Run it', '```sh', 'npx dispatch-lab test --stage mcp', '```'].join('\n');

// The problems `validate` finds in a one-case mcp stage whose case has these servers.
function problems(servers: unknown[]): string[] {
  const data = { name: 'one server', hint: 'Connect the server and call its tool.', rule: RULE, input: { servers, calls: [] }, expect: { stdout: { results: [] } } };
  const files: CourseFiles = {
    manifest: { file: 'stages/stages.json', text: JSON.stringify({ stages: [{ slug: 'mcp', title: 'MCP', command: 'mcp' }] }) },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles: [{ file: 'cases/mcp/a.json', dir: 'mcp', text: JSON.stringify(data) }],
    caseDirs: ['mcp'],
    stageDocs: ['mcp.md'],
  };
  return contentProblems(files, { stageTexts: { mcp: TEXT }, caseDirEntries: { mcp: ['a.json'] } });
}

describe('validate reads the servers of an mcp case', () => {
  const entry = { name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };

  it('accepts an entry pasted from a client configuration, with env, cwd and the startup budget', () => {
    expect(problems([{ ...entry, env: { MEMORY_FILE_PATH: '/tmp/memory.jsonl' }, cwd: 'data', startup_timeout_ms: 500 }])).toEqual([]);
  });

  it.each([
    ['an unknown key', { ...entry, envv: {} }, 'cases/mcp/a.json: $.input.servers[0]: unknown property "envv" (did you mean "env"?)'],
    ['a key of another transport', { ...entry, url: 'http://localhost:3000/mcp' }, expect.stringContaining('$.input.servers[0]: unknown property "url"')],
    ['an env value that is not text', { ...entry, env: { DEBUG: true } }, expect.stringContaining('$.input.servers[0].env.DEBUG')],
    ['a name with "_"', { ...entry, name: 'my_server' }, expect.stringContaining('$.input.servers[0].name')],
  ])('names %s', (_, server, problem) => {
    expect(problems([server])).toEqual([problem]);
  });
});
