import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { Tools } from '../../reference/index.ts';
import type { ToolResult } from '../../reference/index.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';

// One row of a tool table test: a sandbox, one call, the exact result, and the files afterwards.
export type ToolCase = {
  name: string;
  // Seeded files, root-relative path → text.
  files?: Record<string, string>;
  // Extra preparation (directories, symlinks) with the sandbox root in hand.
  setup?: (root: string) => Promise<void>;
  call: (tools: Tools, root: string) => Promise<ToolResult>;
  // The result, compared key order included (as JSON text).
  expected: ToolResult | ((root: string) => ToolResult);
  // Files whose text must be exactly this after the call (`null`: must not exist).
  filesAfter?: Record<string, string | null>;
  // Further checks on the sandbox after the call.
  after?: (root: string) => Promise<void>;
};

// Registers one vitest test per row; each row gets its own temp directory, removed afterwards.
export function testToolCases(cases: ToolCase[]): void {
  it.each(cases)('$name', (row) =>
    withTempSandbox(row.files ?? {}, async (root) => {
      await row.setup?.(root);
      const actual = await row.call(new Tools(root), root);
      const expected = typeof row.expected === 'function' ? row.expected(root) : row.expected;
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
      for (const [name, text] of Object.entries(row.filesAfter ?? {})) {
        expect(await readTextOrNull(path.resolve(root, name)), name).toBe(text);
      }
      await row.after?.(root);
    }),
  );
}

// A file's text, or null when there is no such file.
export async function readTextOrNull(hostPath: string): Promise<string | null> {
  try {
    return await fs.readFile(hostPath, 'utf8');
  } catch {
    return null;
  }
}

// Success and error results, for short tables.
export const ok = (content: string): ToolResult => ({ content });
export const err = (content: string): ToolResult => ({ content, is_error: true });
