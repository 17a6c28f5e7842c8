// Rewriting one value of a case file's text and nothing else: every other byte (formatting, key order, comments of style)
// stays as the author wrote it, so a recorded expectation is a small, reviewable diff.
import { applyEdits, modify } from 'jsonc-parser';
import type { Expectation } from './types.ts';

// The indentation unit the file uses (two spaces when it has no indented line).
function indentUnitOf(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

// The leading whitespace of the line that holds a character offset.
function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

// The case file's text with its `expect` value replaced by `expect`, laid out in the file's own indentation.
export function withExpectation(text: string, expect: Expectation): string {
  const unit = indentUnitOf(text);
  const edits = modify(text, ['expect'], expect, {}).map((edit) => {
    const indent = lineIndentAt(text, edit.offset);
    return { ...edit, content: edit.content === '' ? '' : JSON.stringify(expect, null, unit).replace(/\n/g, `\n${indent}`) };
  });
  return applyEdits(text, edits);
}
