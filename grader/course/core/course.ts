import { Ajv, type ValidateFunction } from 'ajv';
import type { Case, Stage } from './types.ts';
import { describeSchemaError, parseJsonText } from '../../judge/core/json-errors.ts';
import { matcherProblems } from '../../judge/core/matchers.ts';
import { sandboxKeyProblems } from '../../sandbox/core/sandbox-keys.ts';
import { MISTAKES_SCHEMA } from '../../judge/core/mistakes.ts';
import { safeText } from '../../text/core/safe-text.ts';

/** A stage slug and a program command as the manifest allows them (kebab-case): `new stage` checks its flags with them. */
export const STAGE_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const COMMAND_PATTERN = '^[a-z][a-z0-9-]*$';


/** The raw course content as read from disk: texts keyed by their path relative to the content root. */
export type CourseFiles = {
  manifest: { file: string; text: string };
  caseSchema: { file: string; text: string };
  /** Every cases/<dir>/<name>.json, sorted by path. */
  caseFiles: { file: string; dir: string; text: string }[];
  /** Folder names under cases/. */
  caseDirs: string[];
  /** File names (slug.md) under stages/. */
  stageDocs: string[];
};

/** The course as the grader uses it. */
export type Course = { stages: Stage[]; cases: Case[] };

export type CourseResult = { ok: true; course: Course } | { ok: false; problems: string[] };

const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['stages'],
  properties: {
    $schema: { type: 'string' },
    stages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['slug', 'title', 'command'],
        properties: {
          slug: { type: 'string', pattern: STAGE_SLUG_PATTERN },
          title: { type: 'string', minLength: 1 },
          command: { type: 'string', pattern: COMMAND_PATTERN },
          points: { type: 'number', minimum: 0 },
          draft: { type: 'boolean' },
          mistakes: MISTAKES_SCHEMA,
        },
      },
    },
  },
} as const;

// The course described by its files, or every problem found in them (each line starts with the file it is about).
export function readCourseFiles(files: CourseFiles): CourseResult {
  const problems: string[] = [];
  // verbose: a schema error carries the schema that raised it, so an unknown key gets a "did you mean". The schemas are
  // not checked against JSON Schema's meta-schema, whose compiling costs every run about 30 ms: a case schema that ajv
  // cannot compile is named below, and the shipped one is checked against it by the content tests.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, validateSchema: false });
  const stages = parseWith(files.manifest, ajv.compile(MANIFEST_SCHEMA), problems)?.stages as Stage[] | undefined;
  const schema = parseWith(files.caseSchema, undefined, problems);
  if (!stages || !schema) return { ok: false, problems };
  let validateCase: ValidateFunction;
  try {
    validateCase = ajv.compile(schema as object);
  } catch (error) {
    return { ok: false, problems: [...problems, `${files.caseSchema.file}: cannot be used as a JSON Schema: ${(error as Error).message}`] };
  }
  const cases = files.caseFiles.flatMap(({ file, dir, text }) => {
    const value = parseWith({ file, text }, validateCase, problems);
    if (!value) return [];
    const bad = [...matcherProblems((value.expect as { stdout?: unknown }).stdout), ...sandboxKeyProblems(value.input), ...controlCharacterProblems(value)];
    problems.push(...bad.map((p) => `${file}: ${p}`));
    return bad.length > 0 ? [] : [{ ...(value as Omit<Case, 'stage' | 'file'>), stage: dir, file }];
  });
  problems.push(...consistencyProblems(files, stages, cases));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, course: { stages, cases: cases.map(stripSchemaKey) } };
}

/** C0 and C1 controls (tab and newline aside), DEL and bidi overrides: a terminal acts on them instead of showing them. */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

// A case's name and hint are printed on every run: one with an escape code in it would drive the terminal of whoever runs it.
function controlCharacterProblems(value: Record<string, unknown>): string[] {
  return (['name', 'hint'] as const).flatMap((key) => {
    const text = value[key];
    return typeof text === 'string' && CONTROL_CHARACTER.test(text) ? [`$.${key}: holds a control character (an escape code a terminal would act on): ${safeText(JSON.stringify(text))}; remove it`] : [];
  });
}

function parseWith(source: { file: string; text: string }, validate: ValidateFunction | undefined, problems: string[]): Record<string, unknown> | undefined {
  const parsed = parseJsonText(source.text);
  if (!parsed.ok) {
    problems.push(`${source.file}: ${parsed.problem}`);
    return undefined;
  }
  if (validate && !validate(parsed.value)) {
    problems.push(...(validate.errors ?? []).map((e) => `${source.file}: ${describeSchemaError(e)}`));
    return undefined;
  }
  return parsed.value as Record<string, unknown>;
}

function consistencyProblems(files: CourseFiles, stages: Stage[], cases: Case[]): string[] {
  const problems: string[] = [];
  const slugs = new Set<string>();
  for (const stage of stages) {
    if (slugs.has(stage.slug)) problems.push(`${files.manifest.file}: stage "${stage.slug}" is listed twice`);
    slugs.add(stage.slug);
    // An empty case folder is a stage being drafted: it loads (so `show` and the other stages work); `validate` counts cases.
    // A stage marked "draft": true loads without a folder at all (git keeps no empty folders).
    if (!files.caseDirs.includes(stage.slug) && !stage.draft) problems.push(`${files.manifest.file}: stage "${stage.slug}" has no cases (expected a folder cases/${stage.slug}/)`);
    if (!files.stageDocs.includes(`${stage.slug}.md`)) problems.push(`${files.manifest.file}: stage "${stage.slug}" has no instructions (expected stages/${stage.slug}.md)`);
  }
  for (const dir of files.caseDirs) {
    if (!slugs.has(dir)) problems.push(`cases/${dir}/: folder is not a stage in ${files.manifest.file}`);
  }
  for (const doc of files.stageDocs) {
    if (!slugs.has(doc.replace(/\.md$/, ''))) problems.push(`stages/${doc}: not a stage in ${files.manifest.file}`);
  }
  const seen = new Map<string, string>();
  for (const c of cases) {
    const key = `${c.stage}\u0000${c.name}`;
    const first = seen.get(key);
    if (first) problems.push(`${c.file}: duplicate case name "${c.name}" (also in ${first})`);
    else seen.set(key, c.file);
  }
  return problems;
}

function stripSchemaKey(c: Case): Case {
  const { $schema: _ignored, ...rest } = c as Case & { $schema?: string };
  return rest;
}
