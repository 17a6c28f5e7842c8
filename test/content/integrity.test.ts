import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'stages/stages.json'), 'utf8')) as { stages: { slug: string; title: string; command: string }[] };
const slugs = manifest.stages.map((s) => s.slug);
const schema = JSON.parse(readFileSync(join(root, 'cases/case.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

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

  it('pairs every manifest stage with instructions and a case folder, and has no orphans', () => {
    const docs = readdirSync(join(root, 'stages')).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, '')).sort();
    const dirs = readdirSync(join(root, 'cases')).filter((f) => statSync(join(root, 'cases', f)).isDirectory()).sort();
    expect(docs).toEqual([...slugs].sort());
    expect(dirs).toEqual([...slugs].sort());
  });

  it.each(slugs)('stage %s has at least 12 cases, unique names, only .json files', (slug) => {
    const cases = casesOf(slug);
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.every((c) => c.file.endsWith('.json') && /^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(c.file))).toBe(true);
    expect(new Set(cases.map((c) => c.data.name)).size).toBe(cases.length);
  });

  it.each(allCases.map((c) => [`${c.slug}/${c.file}`, c] as const))('%s matches the schema and grades something', (_, c) => {
    expect(validate(c.data), JSON.stringify(validate.errors)).toBe(true);
    expect(c.data.hint.trim().length).toBeGreaterThan(20);
    expect(c.data.expect.stdout !== undefined || c.data.expect.exitCode !== undefined).toBe(true);
  });

  it.each(slugs)('stage %s text has the sections students rely on', (slug) => {
    const text = readFileSync(join(root, 'stages', `${slug}.md`), 'utf8');
    expect(text).toMatch(/^# /);
    for (const section of [/what to build/i, /contract/i, /example/i, /mistakes/i]) expect(text).toMatch(section);
    expect(text).toContain(`npx dispatch-lab test --stage ${slug}`);
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
