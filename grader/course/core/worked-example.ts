// A stage text's `## Worked example`: the first ```json block is the stdin, the second the stdout; the paragraph before
// the stdout block may say "exit code N" (0 otherwise). In the stdout block a bare capitalised word that the text explains
// (e.g. `TOOLS` for a long list) stands for any value.
import type { Case } from './types.ts';
import { parseJsonText } from '../../judge/core/json-errors.ts';

/** What the worked example of a stage text shows. */
export type WorkedExample = { input: unknown; stdout: unknown; exitCode: number };

export type WorkedExampleResult = { ok: true; example: WorkedExample } | { ok: false; problem: string } | { ok: false; missing: true };

// The `## Worked example` section's text, or undefined when the stage text has none.
export function workedExampleSection(markdown: string): string | undefined {
  const start = /^## Worked example[^\n]*$/im.exec(markdown);
  if (!start) return undefined;
  const rest = markdown.slice(start.index + start[0].length);
  const end = /^## /m.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

// The stdout block with each bare placeholder word (outside strings) turned into an {"$any": "any"} matcher.
export function withPlaceholders(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|\b[A-Z][A-Z0-9_]*\b/g, (token) => (token.startsWith('"') ? token : '{"$any": "any"}'));
}

// The stdin, stdout and exit code a stage text's worked example shows, or why they cannot be read.
export function workedExample(markdown: string): WorkedExampleResult {
  const section = workedExampleSection(markdown);
  if (section === undefined) return { ok: false, missing: true };
  const blocks = [...section.matchAll(/([^\n]*)\n+```json[^\n]*\n([\s\S]*?)^```/gm)];
  const [stdin, stdout] = blocks;
  if (!stdin || !stdout) return { ok: false, problem: 'the "## Worked example" section needs two ```json blocks: the stdin, then the stdout' };
  const input = parseJsonText(stdin[2] ?? '');
  if (!input.ok) return { ok: false, problem: `the worked example's stdin block is not JSON: ${input.problem}` };
  const output = parseJsonText(withPlaceholders(stdout[2] ?? ''));
  if (!output.ok) return { ok: false, problem: `the worked example's stdout block is not JSON: ${output.problem}` };
  const exitCode = Number(/exit code (\d+)/i.exec(stdout[1] ?? '')?.[1] ?? 0);
  return { ok: true, example: { input: input.value, stdout: output.value, exitCode } };
}

// The worked example of a stage text as a case graded like the others; undefined when the text has none, or why it cannot be read.
export function workedExampleCase(slug: string, markdown: string): { ok: true; case: Case } | { ok: false; problem?: string } {
  const found = workedExample(markdown);
  if (!found.ok) return 'problem' in found ? { ok: false, problem: found.problem } : { ok: false };
  const { input, stdout, exitCode } = found.example;
  return {
    ok: true,
    case: { name: 'worked example', hint: `The worked example of stages/${slug}.md must show what the reference prints: fix the text, or the reference.`, input, expect: { stdout, exitCode }, stage: slug, file: `stages/${slug}.md` },
  };
}
