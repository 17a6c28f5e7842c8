import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import { runDispatch } from '../../harness/dispatch.ts';

const stdin = (value: unknown) => JSON.stringify(value);

describe('runDispatch', () => {
  it('runs the seed example', async () => {
    const output = await runDispatch(stdin({ sandbox: { 'a.txt': 'A' }, calls: [{ tool: 'Read', input: { path: 'a.txt' } }] }), solution);
    expect(output).toStrictEqual({ stdout: '{"results":[{"content":"1: A"}]}\n', stderr: '', exitCode: 0 });
  });

  it('runs calls in order over one sandbox, seeding nested paths', async () => {
    const calls = [
      { tool: 'Write', input: { path: 'n.txt', file_text: 'N' } },
      { tool: 'Read', input: { path: 'n.txt' } },
      { tool: 'Glob', input: { pattern: '**' } },
      { tool: 'nope', input: {} },
    ];
    const output = await runDispatch(stdin({ sandbox: { 'd/e.txt': 'E' }, calls }), solution);
    expect(JSON.parse(output.stdout)).toStrictEqual({
      results: [
        { content: 'File created successfully at: n.txt' },
        { content: '1: N' },
        { content: 'd/e.txt\nn.txt' },
        { content: 'unknown tool: nope', is_error: true },
      ],
    });
    expect(output.exitCode).toBe(0);
  });

  it('treats a missing sandbox as empty and a missing input as none', async () => {
    const output = await runDispatch(stdin({ calls: [{ tool: 'Glob', input: { pattern: '**' } }, { tool: 'echo' }] }), solution);
    expect(output.stdout).toBe('{"results":[{"content":"No files found"},{"content":"Error: Parameter text is required","is_error":true}]}\n');
  });

  it('prints an empty list for no calls', async () => {
    expect((await runDispatch(stdin({ calls: [] }), solution)).stdout).toBe('{"results":[]}\n');
  });

  it.each([
    { name: 'not JSON', text: '{nope', message: 'dispatch: stdin is not valid JSON\n' },
    { name: 'an array', text: '[]', message: 'dispatch: stdin must be a JSON object\n' },
    { name: 'no calls', text: '{"sandbox": {}}', message: 'dispatch: "calls" must be an array\n' },
    { name: 'calls not an array', text: '{"calls": {}}', message: 'dispatch: "calls" must be an array\n' },
    { name: 'a call without tool', text: '{"calls": [{"input": {}}]}', message: 'dispatch: calls[0].tool must be a string\n' },
    { name: 'sandbox text not a string', text: '{"sandbox": {"a": 1}, "calls": []}', message: 'dispatch: "sandbox" must be an object of path → text\n' },
  ])('exits 1 on stdin that is $name', async ({ text, message }) => {
    expect(await runDispatch(text, solution)).toStrictEqual({ stdout: '', stderr: message, exitCode: 1 });
  });

  it('reports a solution whose execute rejects, with where and the stack', async () => {
    const broken = { Tools: solution.Tools, makeExecute: () => async () => Promise.reject(new Error('boom')) };
    const output = await runDispatch(stdin({ calls: [{ tool: 'echo', input: {} }] }), broken);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^dispatch: execute threw on calls\[0\] \(echo\): boom\nError: boom\n\s+at /);
  });

  it('reports a starter stub as one "not implemented" line', async () => {
    const stub = new Error('not implemented: Tools.view in src/tools.ts');
    stub.name = 'NotImplementedError';
    const starter = { Tools: solution.Tools, makeExecute: () => async () => Promise.reject(stub) };
    expect(await runDispatch(stdin({ calls: [{ tool: 'view', input: {} }] }), starter)).toStrictEqual({
      stdout: '',
      stderr: 'not implemented: Tools.view in src/tools.ts\n',
      exitCode: 1,
    });
  });

  it('reports a makeExecute that throws instead of crashing', async () => {
    const broken = { Tools: solution.Tools, makeExecute: () => { throw new Error('no dispatcher'); } };
    const output = await runDispatch(stdin({ calls: [] }), broken);
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/^dispatch: building the tools and the dispatcher threw: no dispatcher\n/);
  });
});
