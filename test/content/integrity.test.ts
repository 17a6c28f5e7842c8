import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { courseProblems } from '../../grader/commands/validate.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'stages/stages.json'), 'utf8')) as { stages: { slug: string; title: string; command: string }[] };
const slugs = manifest.stages.map((s) => s.slug);

type CaseFile = { name: string; hint: string; input: { sandbox?: Record<string, string>; calls?: { tool: string; input: unknown }[] }; expect: { stdout?: { results?: unknown[] }; exitCode?: number } };

function casesOf(slug: string): { file: string; data: CaseFile }[] {
  const dir = join(root, 'cases', slug);
  return readdirSync(dir).sort().map((file) => ({ file, data: JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaseFile }));
}

const allCases = slugs.flatMap((slug) => casesOf(slug).map((c) => ({ slug, ...c })));

describe('course content', () => {
  it('has the stages of the course, in order', () => {
    expect(slugs).toEqual(['echo', 'view', 'create', 'str-replace', 'insert', 'glob', 'grep', 'bash', 'register-tools', 'workspace-protocol', 'validate-args', 'permissions', 'tool-loop', 'parallel-calls', 'mcp-discovery']);
  });

  // Every content rule (manifest ⇔ files, schema, input shapes, names, hints, expectations, stage-text sections, worked
  // examples) lives in `dispatch-lab validate`; this course must pass it with nothing to report.
  it('passes every rule of dispatch-lab validate', async () => {
    const { problems, stages } = await courseProblems(root);
    expect(problems).toEqual([]);
    expect(stages).toBe(slugs.length);
  });

  // This course's own bar, above validate's "at least one case" that any course must meet.
  it.each(slugs)('stage %s has at least 12 cases', (slug) => {
    expect(casesOf(slug).length).toBeGreaterThanOrEqual(12);
  });

  it('uses only tools introduced by each stage (no aliases before register-tools)', () => {
    const introduced: Record<string, string[]> = { echo: ['echo'], view: ['view'], create: ['create'], 'str-replace': ['str_replace'], insert: ['insert'], glob: ['glob'], grep: ['grep'], bash: ['bash'] };
    const known = new Set<string>();
    const offenders: string[] = [];
    for (const slug of Object.keys(introduced)) {
      for (const tool of introduced[slug] ?? []) known.add(tool);
      for (const c of casesOf(slug)) {
        for (const call of c.data.input.calls ?? []) {
          const aliasLike = ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash'].includes(call.tool);
          const later = Object.values(introduced).flat().includes(call.tool) && !known.has(call.tool);
          if (aliasLike || later) offenders.push(`${slug}/${c.file}: ${call.tool}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('the seed examples are cases, verbatim', () => {
  const find = (predicate: (c: CaseFile) => boolean) => allCases.filter((c) => predicate(c.data)).map((c) => `${c.slug}/${c.file}`);
  const single = (tool: string, input: object, sandbox: object, result: object) => (c: CaseFile) =>
    JSON.stringify(c.input.sandbox ?? {}) === JSON.stringify(sandbox) && JSON.stringify(c.input.calls) === JSON.stringify([{ tool, input }]) && JSON.stringify(c.expect.stdout) === JSON.stringify({ results: [result] });

  it('Read of a.txt containing A', () => {
    expect(find(single('Read', { path: 'a.txt' }, { 'a.txt': 'A' }, { content: '1: A' }))).not.toEqual([]);
  });
  it('Bash echo hi', () => {
    expect(find((c) => (c.input.calls ?? []).some((call) => call.tool === 'Bash' && JSON.stringify(call.input) === '{"command":"echo hi"}') && JSON.stringify(c.expect.stdout).includes('{"content":"hi\\n","is_error":false,"exit_code":0}'))).not.toEqual([]);
  });
  it('Glob ** with only a.txt', () => {
    expect(find(single('Glob', { pattern: '**' }, { 'a.txt': 'A' }, { content: 'a.txt' }))).not.toEqual([]);
  });
  it('an unknown tool name', () => {
    expect(find((c) => JSON.stringify(c.expect.stdout ?? '').includes('"content":"unknown tool: '))).not.toEqual([]);
  });
});
