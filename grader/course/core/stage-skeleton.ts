// What `new stage` and `new case` write: a manifest entry inserted in place, a stage text with the required sections,
// a case template per command, and the list of places an instructor still fills in.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { REQUIRED_SECTIONS } from './content-rules.ts';
import { inputExample } from './input-schema.ts';
import { commandPaths } from './command-skeleton.ts';

/** The Contract sentence of a new stage's text that its example case quotes as its `rule`, so both are valid as written. */
export const EXAMPLE_RULE = 'The example case pins this sentence: write the rule it checks here instead, and quote that in its "rule".';

/** A new stage as `new stage` was asked for it. */
export type NewStage = { slug: string; title: string; command: string; after: string };

// The input a new case of a command starts from: its declaration's example (harness/commands/<name>.ts), a
// dispatch-style one for a command program.ts does not have.
export function inputTemplate(command: string): unknown {
  return inputExample(command) ?? inputExample('dispatch');
}

// A case file name from its name: "Read is routed to view" → "read-is-routed-to-view.json".
export function caseFileName(name: string): string {
  const kebab = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${kebab || 'case'}.json`;
}

// The text of a new case file: `expect` empty, for `record` to fill from the reference; `rule` quotes the stage text.
export function caseText(name: string, command: string, rule: string): string {
  const data = {
    $schema: '../case.schema.json',
    name,
    hint: 'TODO: what to check when this case fails (the rule it tests, the usual mistake)',
    rule,
    input: inputTemplate(command),
    expect: {},
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

// The manifest text with the new stage inserted after `after`, every other byte kept; or why it cannot be.
export function manifestWithStage(text: string, stage: NewStage): { ok: true; text: string } | { ok: false; problem: string } {
  const tree = parseTree(text);
  const stages = tree ? findNodeAtLocation(tree, ['stages']) : undefined;
  const items = stages?.type === 'array' ? (stages.children ?? []) : [];
  const index = items.findIndex((item) => findNodeAtLocation(item, ['slug'])?.value === stage.after);
  const previous = items[index];
  if (!previous) return { ok: false, problem: `stage "${stage.after}" is not in the manifest` };
  const lineStart = text.lastIndexOf('\n', previous.offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '    ';
  const entry = `{ "slug": ${JSON.stringify(stage.slug)}, "title": ${JSON.stringify(stage.title)}, "command": ${JSON.stringify(stage.command)}, "draft": true }`;
  const at = previous.offset + previous.length;
  return { ok: true, text: `${text.slice(0, at)},\n${indent}${entry}${text.slice(at)}` };
}

// The skeleton of a stage text: the title, the required sections with what goes in each, a worked example to fill.
export function stageText(stage: NewStage): string {
  const example = JSON.stringify(inputTemplate(stage.command));
  const body: Record<string, string[]> = {
    'What to build': ['TODO: what the student writes (file, export, signature) and why it matters in an agent runtime.'],
    Contract: ['TODO: every rule the cases check: results, error messages word for word, the order of checks.', '', EXAMPLE_RULE],
    'Worked example': ['stdin:', '', '```json', example, '```', '', 'stdout:', '', '```json', '{"results": []}', '```', '', 'TODO: replace both blocks with a real example; `npx dispatch-lab verify --stage ' + stage.slug + '` runs it on the reference.'],
    'Common mistakes': ['TODO: the mistakes students make here, each with how to notice and fix it.'],
    'Run it': ['```sh', `npx dispatch-lab test --stage ${stage.slug}`, `npx dispatch-lab show ${stage.slug}`, '```'],
  };
  const sections = REQUIRED_SECTIONS.map((heading) => [`## ${heading}`, '', ...(body[heading] ?? ['TODO']), ''].join('\n'));
  return [`# ${stage.title}`, '', 'TODO: one paragraph: what this stage teaches.', '', ...sections].join('\n');
}

/** Said above the places: validate failing on the fresh scaffold is expected, not a broken scaffold. */
export const UNFILLED_NOTE = 'until then `npx dispatch-lab validate` exits 2 on the example case\'s TODO hint (place 2): that is expected right after new stage, and it names what is left';

// The places a new stage still needs, each with the command that checks it. A new command's files were written by
// `new stage` (commandPaths); they are the first places.
export function placesToFill(stage: NewStage, isNewCommand: boolean): string[] {
  const s = stage.slug;
  const c = commandPaths(stage.command);
  const command = isNewCommand
    ? [
        `${c.request}: the input's JSON Schema (its keys, description, example)  →  npx dispatch-lab validate`,
        `${c.runner}: the command's logic (what the solution gets, what is printed)  →  npx dispatch-lab verify --stage ${s}`,
      ]
    : [];
  return [
    `stages/${s}.md: write the text (the sections are there)  →  npx dispatch-lab validate; npx dispatch-lab verify --stage ${s} (worked example)`,
    `cases/${s}/example.json: edit its input, its "hint" (still the template's TODO, which validate reports until then) and its "rule" (the sentence of stages/${s}.md it pins), then fill its expectation  →  npx dispatch-lab record --stage ${s}; more cases: npx dispatch-lab new case ${s} "<name>"`,
    ...command,
    isNewCommand
      ? `${c.reference}: the model answer  →  npx dispatch-lab verify --stage ${s}`
      : `reference/: the model answer (for dispatch: the tool in reference/tools/, its method in reference/tools.ts, its route in reference/execute.ts)  →  npx dispatch-lab verify --stage ${s}`,
    isNewCommand
      ? `${c.stub}: the stub's TODO (what the student builds; it throws NotImplementedError until then)  →  npx dispatch-lab verify --stage ${s}; npx tsc --noEmit -p .`
      : `starter/src/: a stub that throws new NotImplementedError('<what> in src/<file>.ts'), its types in starter/src/types.ts  →  npx dispatch-lab verify --stage ${s}; npx tsc --noEmit -p .`,
    ...(isNewCommand ? [`docs/authoring.md's command table (generated, not by hand)  →  npm run docs:commands`] : []),
    `test/mutants/${s}/: one-bug variants of the reference the cases must catch  →  npx vitest run test/mutants`,
    `stages/stages.json: remove "draft": true once the stage is done  →  npx dispatch-lab validate`,
  ];
}
