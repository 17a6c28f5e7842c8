// What `new stage --command <new>` writes for a program.ts command that does not exist yet: its input declaration, its
// runner, its declaration in harness/commands/, the reference layer and the starter's stub, each a file of its own, and
// the one line each index file gains. Every TODO left is one of the places the guide lists.

/** The names a new command's files are made from. */
export type NewCommand = {
  // `program.ts <name>`, kebab-case.
  name: string;
  // The stage that introduces it.
  stage: string;
  // The solution export the command calls.
  exportName: string;
};

/** One file to create, from the package root. */
export type SkeletonFile = { path: string; text: string };

// "observe-result" → "observeResult".
export function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** What the scaffolded reference throws until it is written ("TODO(shout): the reference shout in reference/shout/shout.ts"). */
export const REFERENCE_TODO = /TODO\([\w-]+\): the reference \w+ in (reference\/[\w./-]+\.ts)/;

// "observeResult" → "OBSERVE_RESULT".
function constantCase(name: string): string {
  return name.replace(/-/g, '_').toUpperCase();
}

/** Where each file of a new command goes. */
export function commandPaths(name: string): { request: string; runner: string; declaration: string; reference: string; stub: string } {
  return {
    request: `harness/${name}/${name}-request.ts`,
    runner: `harness/${name}/run-${name}.ts`,
    declaration: `harness/commands/${name}.ts`,
    reference: `reference/${name}/${name}.ts`,
    stub: `starter/src/${name}.ts`,
  };
}

// The files of a new command, in the order the guide lists them.
export function commandFiles(command: NewCommand): SkeletonFile[] {
  const { name, stage, exportName } = command;
  const schema = `${constantCase(name)}_INPUT`;
  const request = `${pascalCase(name)}Request`;
  const paths = commandPaths(name);
  return [
    {
      path: paths.request,
      text: `import type { FromSchema, InputSchema } from '../input-schema.ts';
import { readInput } from '../input-reader.ts';
import { CALLS, SANDBOX } from '../request-fields.ts';

// The input of \`program.ts ${name}\` (stage ${stage}): \`validate\` checks every case against it, \`new case\` starts from its
// first example, the harness reads it (with the keywords of harness/input-schema.ts; \`default\` fills an absent key).
// TODO(${stage}): declare the input's keys (objects closed: additionalProperties: false), what the command does, and an example.
export const ${schema} = {
  type: 'object',
  description: 'TODO: what \`program.ts ${name}\` does with its input, and the document it prints.',
  additionalProperties: false,
  required: ['calls'],
  properties: { sandbox: SANDBOX, calls: CALLS },
  examples: [{ sandbox: { 'a.txt': 'A' }, calls: [{ tool: 'TOOL', input: {} }] }],
} as const satisfies InputSchema;

// The stdin of \`program.ts ${name}\` once read: the schema's keys, with their defaults.
export type ${request} = FromSchema<typeof ${schema}>;

// Parses the ${name} stdin, or returns a one-line description of what is wrong with it.
export function parse${request}(text: string): ${request} | string {
  return readInput(${schema}, text) as ${request} | string;
}
`,
    },
    {
      path: paths.runner,
      text: `import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import { parse${request} } from './${name}-request.ts';
import { badRequest, escapedError } from '../failure-report.ts';
import { partOf } from '../missing-export.ts';

// \`${name}\`: reads the request, hands it to the solution's ${exportName}, prints what it answers as one JSON document.
// TODO(${stage}): the command's own logic: what the solution is given, and the document the cases compare.
export async function run${pascalCase(name)}<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parse${request}(stdinText);
  if (typeof request === 'string') return badRequest('${name}', request);
  let answer: unknown;
  try {
    answer = await partOf(solution, '${exportName}')(request);
  } catch (error) {
    return escapedError('${exportName} threw', error, '${name}');
  }
  return { stdout: \`\${JSON.stringify(answer ?? null)}\\n\`, stderr: '', exitCode: 0 };
}
`,
    },
    {
      path: paths.declaration,
      text: `import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import { ${schema}, type ${request} } from '../${name}/${name}-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // ${stage}: answers one ${name} request.
    ${exportName}?: (request: ${request}) => Promise<unknown>;
  }
}

// \`${name}\` (stage ${stage}).
export const ${camelCase(name)}: CommandDeclaration = {
  name: '${name}',
  input: ${schema},
  exports: [{ name: '${exportName}', required: false }],
  run: async (stdinText, solution) => (await import('../${name}/run-${name}.ts')).run${pascalCase(name)}(stdinText, solution),
};
`,
    },
    {
      path: paths.reference,
      text: `import type { ${request} } from '../../harness/${name}/${name}-request.ts';

// The reference of stage ${stage}: what a correct ${exportName} answers.
// TODO(${stage}): the model answer; \`npx dispatch-lab verify --stage ${stage}\` checks it against the cases.
export async function ${exportName}(request: ${request}): Promise<unknown> {
  void request;
  throw new Error('TODO(${stage}): the reference ${exportName} in reference/${name}/${name}.ts');
}
`,
    },
    {
      path: paths.stub,
      text: `import type { ${request} } from '../harness/${name}/${name}-request.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(${stage}): \`npx dispatch-lab show ${stage}\` walks you through it.
export async function ${exportName}(request: ${request}): Promise<unknown> {
  void request;
  throw new NotImplementedError('${exportName} in src/${name}.ts');
}
`,
    },
  ];
}

// The command list with the new command's import and entry; or undefined when its shape is not the one expected.
export function commandsIndexWith(text: string, name: string): string | undefined {
  const id = camelCase(name);
  const imports = [...text.matchAll(/^import \{ \w+ \} from '\.\/[\w-]+\.ts';$/gm)];
  const last = imports[imports.length - 1];
  const end = text.lastIndexOf('\n];');
  if (last?.index === undefined || end === -1) return undefined;
  const at = last.index + last[0].length;
  const withImport = `${text.slice(0, at)}\nimport { ${id} } from './${name}.ts';${text.slice(at)}`;
  const close = withImport.lastIndexOf('\n];');
  return `${withImport.slice(0, close)}\n  ${id},${withImport.slice(close)}`;
}

// A solution index (reference/index.ts, starter/src/index.ts) with one more value export, put after the last one.
export function solutionIndexWith(text: string, exportName: string, from: string): string {
  const line = `export { ${exportName} } from '${from}';`;
  const values = [...text.matchAll(/^export \{ [^}]+ \} from '[^']+';$/gm)];
  const last = values[values.length - 1];
  if (last?.index === undefined) return `${text.endsWith('\n') || text === '' ? text : `${text}\n`}${line}\n`;
  const at = last.index + last[0].length;
  return `${text.slice(0, at)}\n${line}${text.slice(at)}`;
}
