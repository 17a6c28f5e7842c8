import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tools, makeExecute } from '../../reference/index.ts';
import type { ToolResult } from '../../reference/index.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';
import { err, ok, readTextOrNull } from './tool-cases.ts';

type Row = { name: string; tool: string; input: unknown; expected: ToolResult; filesAfter?: Record<string, string> };

const FILES = { 'a.txt': 'A\nB\n', 'src/x.ts': 'foo\n' };

function testRoutes(rows: Row[]): void {
  it.each(rows)('$name', (row) =>
    withTempSandbox(FILES, async (root) => {
      const actual = await makeExecute(new Tools(root))(row.tool, row.input);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(row.expected));
      for (const [name, text] of Object.entries(row.filesAfter ?? {})) {
        expect(await readTextOrNull(path.join(root, name)), name).toBe(text);
      }
    }),
  );
}

const REPLACED = ok('Successfully replaced text at exactly one location.');

describe('execute: routes', () => {
  testRoutes([
    { name: 'Read', tool: 'Read', input: { path: 'a.txt' }, expected: ok('1: A\n2: B\n') },
    { name: 'view', tool: 'view', input: { path: 'a.txt' }, expected: ok('1: A\n2: B\n') },
    { name: 'view with view_range', tool: 'view', input: { path: 'a.txt', view_range: [2, -1] }, expected: ok('2: B\n') },
    { name: 'Read with file_path', tool: 'Read', input: { file_path: 'a.txt' }, expected: ok('1: A\n2: B\n') },
    { name: 'path wins over file_path', tool: 'Read', input: { path: 'a.txt', file_path: 'nope' }, expected: ok('1: A\n2: B\n') },
    { name: 'Write', tool: 'Write', input: { path: 'n.txt', file_text: 'N' }, expected: ok('File created successfully at: n.txt'), filesAfter: { 'n.txt': 'N' } },
    { name: 'create', tool: 'create', input: { path: 'n.txt', file_text: '' }, expected: ok('File created successfully at: n.txt'), filesAfter: { 'n.txt': '' } },
    { name: 'Write with file_path and content', tool: 'Write', input: { file_path: 'n.txt', content: 'C' }, expected: ok('File created successfully at: n.txt'), filesAfter: { 'n.txt': 'C' } },
    { name: 'file_text wins over content', tool: 'create', input: { path: 'n.txt', file_text: 'F', content: 'C' }, expected: ok('File created successfully at: n.txt'), filesAfter: { 'n.txt': 'F' } },
    { name: 'Edit', tool: 'Edit', input: { path: 'a.txt', old_str: 'B', new_str: 'b' }, expected: REPLACED, filesAfter: { 'a.txt': 'A\nb\n' } },
    { name: 'str_replace', tool: 'str_replace', input: { path: 'a.txt', old_str: 'B\n' }, expected: REPLACED, filesAfter: { 'a.txt': 'A\n' } },
    { name: 'Edit with Claude Code names', tool: 'Edit', input: { file_path: 'a.txt', old_string: 'A', new_string: 'a' }, expected: REPLACED, filesAfter: { 'a.txt': 'a\nB\n' } },
    { name: 'old_str wins over old_string', tool: 'Edit', input: { path: 'a.txt', old_str: 'A', old_string: 'B', new_str: 'x', new_string: 'y' }, expected: REPLACED, filesAfter: { 'a.txt': 'x\nB\n' } },
    { name: 'insert with insert_text', tool: 'insert', input: { path: 'a.txt', insert_line: 1, insert_text: 'X' }, expected: ok('Successfully inserted text after line 1.'), filesAfter: { 'a.txt': 'A\nX\nB\n' } },
    { name: 'insert with new_str', tool: 'insert', input: { path: 'a.txt', insert_line: 0, new_str: 'X' }, expected: ok('Successfully inserted text after line 0.'), filesAfter: { 'a.txt': 'X\nA\nB\n' } },
    { name: 'insert_text wins over new_str', tool: 'insert', input: { path: 'a.txt', insert_line: 2, insert_text: 'T', new_str: 'N' }, expected: ok('Successfully inserted text after line 2.'), filesAfter: { 'a.txt': 'A\nB\nT\n' } },
    { name: 'insert without text', tool: 'insert', input: { path: 'a.txt', insert_line: 2 }, expected: err('Error: Parameter insert_text is required') },
    { name: 'Glob', tool: 'Glob', input: { pattern: '**/*.ts' }, expected: ok('src/x.ts') },
    { name: 'glob with path', tool: 'glob', input: { pattern: '*', path: 'src' }, expected: ok('src/x.ts') },
    { name: 'Grep', tool: 'Grep', input: { pattern: 'B' }, expected: ok('a.txt:2:B') },
    { name: 'grep with path and glob', tool: 'grep', input: { pattern: 'foo', path: '/', glob: '*.ts' }, expected: ok('src/x.ts:1:foo') },
    { name: 'Bash', tool: 'Bash', input: { command: 'echo hi' }, expected: { content: 'hi\n', is_error: false, exit_code: 0 } },
    { name: 'bash with timeout', tool: 'bash', input: { command: 'sleep 5', timeout: 200 }, expected: { content: 'Error: Command timed out after 0.2 seconds', is_error: true, exit_code: 124 } },
    { name: 'Bash parameter error has the plain shape', tool: 'Bash', input: {}, expected: err('Error: Parameter command is required') },
    { name: 'echo', tool: 'echo', input: { text: 'hello' }, expected: ok('hello') },
  ]);
});

describe('execute: names and inputs', () => {
  testRoutes([
    { name: 'lower-case alias is unknown', tool: 'read', input: { path: 'a.txt' }, expected: err('unknown tool: read') },
    { name: 'upper case is unknown', tool: 'READ', input: { path: 'a.txt' }, expected: err('unknown tool: READ') },
    { name: 'drop_database', tool: 'drop_database', input: {}, expected: err('unknown tool: drop_database') },
    { name: 'Echo', tool: 'Echo', input: { text: 'x' }, expected: err('unknown tool: Echo') },
    { name: 'empty name', tool: '', input: {}, expected: err('unknown tool: ') },
    { name: 'a prototype key', tool: 'constructor', input: {}, expected: err('unknown tool: constructor') },
    { name: '__proto__', tool: '__proto__', input: {}, expected: err('unknown tool: __proto__') },
    { name: 'toString', tool: 'toString', input: {}, expected: err('unknown tool: toString') },
    { name: 'input null', tool: 'echo', input: null, expected: err('Error: Parameter text is required') },
    { name: 'input missing', tool: 'echo', input: undefined, expected: err('Error: Parameter text is required') },
    { name: 'input a string', tool: 'echo', input: 'hi', expected: err('Error: Parameter text is required') },
    { name: 'input an array', tool: 'Read', input: ['a.txt'], expected: err('Error: Parameter path is required') },
    { name: 'extra fields are ignored', tool: 'echo', input: { text: 'x', other: 1 }, expected: ok('x') },
  ]);
});

describe('execute: a tool that throws', () => {
  class ThrowingTools extends Tools {
    override async view(): Promise<never> {
      throw new Error(`EACCES: permission denied, open '${this.root}/secret.txt'`);
    }
    override echo(): never {
      throw 'plain string';
    }
  }

  it('becomes an error result without the host path', () =>
    withTempSandbox({}, async (root) => {
      const execute = makeExecute(new ThrowingTools(root));
      expect(await execute('Read', { path: 'secret.txt' })).toStrictEqual(
        err("Error: EACCES: permission denied, open 'secret.txt'"),
      );
      expect(await execute('echo', { text: 'x' })).toStrictEqual(err('Error: plain string'));
    }));

  it('turns a real fs failure into a result', () =>
    withTempSandbox({ 'locked/a.txt': 'A' }, async (root) => {
      const isRoot = process.getuid?.() === 0;
      await fs.chmod(path.join(root, 'locked', 'a.txt'), 0o000);
      const result = await makeExecute(new Tools(root))('Read', { path: 'locked/a.txt' });
      if (isRoot) expect(result).toStrictEqual(ok('1: A'));
      else expect(result).toStrictEqual(err("Error: EACCES: permission denied, open 'locked/a.txt'"));
    }));
});
