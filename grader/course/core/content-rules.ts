// The authoring rules `validate` checks on top of what the loader needs to run a course: every case grades something,
// its input has the shape its command reads, names and files are tidy, hints help, rules quote their stage text,
// stage texts have their sections.
// Each problem is one "file: $.json.path: what" line.
import { Ajv, type ValidateFunction } from 'ajv';
import type { CourseFiles } from './course.ts';
import { closest } from '../../text/core/closest.ts';
import { describeSchemaError, parseJsonText } from '../../judge/core/json-errors.ts';
import { INPUT_SCHEMAS, RAW_INPUT_COMMANDS } from './input-schema.ts';
import { workedExample } from './worked-example.ts';
import { matcherProblems } from '../../judge/core/matchers.ts';
import { acceptsAnythingProblems, deadMistakeProblems } from './vacuous-rules.ts';
import { callProblems } from './call-rules.ts';
import { ruleProblems } from './rule-quote.ts';

/** What the rules read beyond the loader's files. */
export type ContentExtras = {
  /** stages/<slug>.md texts by slug (only the texts that exist). */
  stageTexts: Record<string, string>;
  /** Every entry of each case folder, whatever its kind or name (the loader keeps only *.json files). */
  caseDirEntries: Record<string, string[]>;
};

/** A manifest stage as the rules read it. */
type StageEntry = { slug: string; command: string; draft?: boolean; mistakes?: unknown };

/** A case file as the rules read it (any field may be missing or of the wrong type: the loader reports that). */
type CaseData = { name?: unknown; hint?: unknown; rule?: unknown; input?: unknown; expect?: unknown; expectHarnessError?: unknown; sendsBadCalls?: unknown };

/** The headings every stage text has, in this order, that students rely on. */
export const REQUIRED_SECTIONS = ['What to build', 'Contract', 'Worked example', 'Common mistakes', 'Run it'];

export const MIN_HINT_CHARS = 21;

const KEBAB_JSON = /^[a-z0-9]+(-[a-z0-9]+)*\.json$/;

// Every authoring problem of a course, each as "file: where: what" (the loader's own problems are not repeated here).
export function contentProblems(files: CourseFiles, extras: ContentExtras): string[] {
  const stages = manifestStages(files.manifest.text);
  if (!stages) return [];
  const bySlug = new Map(stages.map((s) => [s.slug, s]));
  const validators = inputValidators();
  const problems: string[] = [...commandProblems(files.manifest.file, stages), ...stages.flatMap((stage, i) => mistakeProblems(stage.mistakes, `$.stages[${i}].mistakes`).map((p) => `${files.manifest.file}: ${p}`))];
  const casesByStage = new Map<string, { file: string; data: CaseData }[]>();
  for (const { file, dir, text } of files.caseFiles) {
    const parsed = parseJsonText(text);
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object') continue;
    const data = parsed.value as CaseData;
    casesByStage.set(dir, [...(casesByStage.get(dir) ?? []), { file, data }]);
    const stage = bySlug.get(dir);
    // A private case (--cases DIR) is recorded with the same --cases DIR.
    const privateDir = file.startsWith('cases/') ? undefined : file.split('/').slice(0, -2).join('/');
    if (stage) problems.push(...caseProblems(data, stage, validators.get(stage.command), privateDir).map((p) => `${file}: ${p}`));
    // Every case, private ones too, quotes the sentence of its stage text it pins.
    if (stage) problems.push(...ruleProblems(data.rule, stage.slug, extras.stageTexts[stage.slug]).map((p) => `${file}: ${p}`));
    // The calls are checked against the tools once the input has the command's shape (else its schema errors say enough).
    if (stage && data.sendsBadCalls !== true && data.expectHarnessError !== true && validators.get(stage.command)?.(data.input) === true) {
      problems.push(...callProblems(data.input, stage.command, stage.slug, stages.map((s) => s.slug)).map((p) => `${file}: ${p}`));
    }
  }
  for (const [i, stage] of stages.entries()) {
    const cases = casesByStage.get(stage.slug) ?? [];
    const stdouts = cases.map((c) => (c.data.expect as { stdout?: unknown } | null | undefined)?.stdout).filter((v) => v !== undefined);
    problems.push(...deadMistakeProblems(stage.mistakes, `$.stages[${i}].mistakes`, stage.slug, stdouts).map((p) => `${files.manifest.file}: ${p}`));
    if (cases.length === 0 && !stage.draft) {
      problems.push(`cases/${stage.slug}/: stage "${stage.slug}" has no cases: add one (npx dispatch-lab new case ${stage.slug} "<name>"), or mark the stage "draft": true in ${files.manifest.file}`);
    }
    problems.push(...nearDuplicateNames(cases));
    const text = extras.stageTexts[stage.slug];
    if (text !== undefined) problems.push(...stageTextProblems(text, stage.slug).map((p) => `stages/${stage.slug}.md: ${p}`));
  }
  for (const [dir, names] of Object.entries(extras.caseDirEntries)) {
    for (const name of names.filter((n) => !KEBAB_JSON.test(n))) {
      problems.push(`cases/${dir}/${name}: a case file name is kebab-case and ends in .json (e.g. read-routes-to-view.json)`);
    }
  }
  return problems;
}

// The manifest's stages, or undefined when it does not parse (the loader reports why).
function manifestStages(text: string): StageEntry[] | undefined {
  const parsed = parseJsonText(text);
  const stages = parsed.ok ? (parsed.value as { stages?: unknown } | null)?.stages : undefined;
  if (!Array.isArray(stages)) return undefined;
  return stages.filter((s): s is StageEntry => typeof s?.slug === 'string' && typeof s?.command === 'string');
}

// One validator per known command, compiled once.
function inputValidators(): Map<string, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  return new Map(Object.entries(INPUT_SCHEMAS).map(([command, schema]) => [command, ajv.compile(schema)]));
}

// A manifest command that is not one of program.ts's but is close to one: a typo.
function commandProblems(manifestFile: string, stages: StageEntry[]): string[] {
  const known = Object.keys(INPUT_SCHEMAS);
  return stages.flatMap((stage, i) => {
    if (known.includes(stage.command)) return [];
    const suggestion = closest(stage.command, known);
    return suggestion ? [`${manifestFile}: $.stages[${i}].command: unknown command "${stage.command}" (did you mean "${suggestion}"?)`] : [];
  });
}

const MISTAKE_PATH = /^(stdout|[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*|\[(\d+|\*)\]|\["(?:[^"\\]|\\.)*"\])*)$/;

// The problems of a stage's mistake patterns the manifest schema cannot see: a path that names nothing, a pattern RE2
// cannot compile (`matches`, `expected.matches`, `changed`, `unchanged`), a hint too short to help.
export function mistakeProblems(mistakes: unknown, where: string): string[] {
  if (!Array.isArray(mistakes)) return [];
  return mistakes.flatMap((m: { path?: unknown; hint?: unknown; matches?: unknown; changed?: unknown; unchanged?: unknown; expected?: { matches?: unknown } }, i) => {
    const at = `${where}[${i}]`;
    const problems: string[] = [];
    if (typeof m?.path === 'string' && !MISTAKE_PATH.test(m.path)) problems.push(`${at}.path: "${m.path}" is not a path such as results[*].is_error (keys joined by ".", [n] or [*] for array items, "stdout" for the whole document)`);
    if (typeof m?.matches === 'string') problems.push(...matcherProblems({ $regex: m.matches }, `${at}.matches`));
    if (typeof m?.expected?.matches === 'string') problems.push(...matcherProblems({ $regex: m.expected.matches }, `${at}.expected.matches`));
    for (const key of ['changed', 'unchanged'] as const) {
      const part = m?.[key];
      if (typeof part === 'string') problems.push(...matcherProblems({ $regex: part }, `${at}.${key}`));
    }
    if (typeof m?.hint === 'string' && m.hint.trim().length < MIN_HINT_CHARS) problems.push(`${at}.hint: too short (${m.hint.trim().length} characters): say what the mistake is and how to fix it`);
    return problems;
  });
}

// The problems of one case: an expectation that grades nothing, an input of the wrong shape, a hint that does not help.
export function caseProblems(data: CaseData, stage: StageEntry, validateInput: ValidateFunction | undefined, privateDir?: string): string[] {
  const problems: string[] = [];
  const expect = data.expect as { stdout?: unknown; exitCode?: unknown } | undefined;
  if (!stage.draft && expect !== null && typeof expect === 'object' && expect.stdout === undefined && (expect.exitCode === undefined || expect.exitCode === 0)) {
    problems.push(`$.expect: grades nothing (any program that exits 0 passes): give "stdout" or a non-zero "exitCode"; to fill it from the reference, run npx dispatch-lab record --stage ${stage.slug}${privateDir === undefined ? '' : ` --cases ${privateDir}`}`);
  }
  if (expect !== null && typeof expect === 'object') problems.push(...acceptsAnythingProblems(expect.stdout));
  if (data.expectHarnessError !== true) problems.push(...inputProblems(data.input, stage.command, validateInput));
  if (typeof data.hint === 'string' && /^TODO\b/.test(data.hint.trim())) problems.push('$.hint: still the template\'s TODO: say what to check or change when this case fails');
  else if (typeof data.hint === 'string' && data.hint.trim().length < MIN_HINT_CHARS) {
    problems.push(`$.hint: too short (${data.hint.trim().length} characters): say what to check or change, in at least ${MIN_HINT_CHARS} characters`);
  }
  return problems;
}

// Where the input does not have the shape the command's harness reads.
function inputProblems(input: unknown, command: string, validateInput: ValidateFunction | undefined): string[] {
  if (validateInput === undefined || input === undefined) return [];
  if (typeof input === 'string' && !RAW_INPUT_COMMANDS.includes(command)) {
    return [`$.input: a string is sent verbatim, and the ${command} harness refuses what is not its JSON object; if that refusal is what the case checks, add "expectHarnessError": true`];
  }
  if (validateInput(input)) return [];
  return (validateInput.errors ?? []).map((e) => describeSchemaError(e).replace(/^\$/, '$.input'));
}

// Case names of one stage that differ only by letter case or spacing: students cannot tell them apart.
function nearDuplicateNames(cases: { file: string; data: CaseData }[]): string[] {
  const seen = new Map<string, { file: string; name: string }>();
  const problems: string[] = [];
  for (const { file, data } of cases) {
    if (typeof data.name !== 'string') continue;
    const key = data.name.toLowerCase().replace(/\s+/g, ' ').trim();
    const first = seen.get(key);
    if (!first) seen.set(key, { file, name: data.name });
    else if (first.name !== data.name) problems.push(`${file}: $.name: "${data.name}" differs from "${first.name}" (${first.file}) only by case or spacing`);
  }
  return problems;
}

// The problems of a stage text: its title, its sections, the command that grades it, a worked example that parses.
export function stageTextProblems(markdown: string, slug: string): string[] {
  const problems: string[] = [];
  if (!/^# \S/.test(markdown)) problems.push('the text starts with its title: a "# " heading on the first line');
  const headings = [...markdown.matchAll(/^## +(.+)$/gm)].map((m) => (m[1] ?? '').trim().toLowerCase());
  for (const section of REQUIRED_SECTIONS) {
    if (!headings.some((h) => h.startsWith(section.toLowerCase()))) problems.push(`missing the section "## ${section}"`);
  }
  if (!markdown.includes(`npx dispatch-lab test --stage ${slug}`)) problems.push(`never shows the command that grades it: npx dispatch-lab test --stage ${slug}`);
  const example = workedExample(markdown);
  if (!example.ok && 'problem' in example) problems.push(example.problem);
  return problems;
}
