import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import { schemaMessage } from './schema-message.ts';

// The whole discovered schema, enforced by ajv in the draft the schema declares with "$schema"
// (2020-12 when it declares none; 2019-09 and draft-07 too), formats on (ajv-formats). Loaded on
// first use, like the SDK.

// A compiled check: undefined for a valid input, else the message without "ValidationError: ".
export type SchemaCheck = (input: unknown) => string | undefined;

type Dialect = '2020-12' | '2019-09' | 'draft-07';

const DIALECTS: Readonly<Record<string, Dialect>> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
};

type Compile = (schema: object) => ValidateFunction;
const compilers = new Map<Dialect, Promise<Compile>>();

// The draft a schema declares: its "$schema" without a trailing "#"; undefined for one ajv does not know.
export function dialectOf(schema: Record<string, unknown>): Dialect | undefined {
  if (schema.$schema === undefined) return '2020-12';
  const declared = String(schema.$schema);
  return DIALECTS[declared.endsWith('#') ? declared.slice(0, -1) : declared];
}

// Compiles the schema of one tool. A schema ajv cannot use (an unknown draft, a $ref to nowhere)
// gives a check that refuses every call and says why.
export async function schemaCheck(schema: Record<string, unknown>): Promise<SchemaCheck> {
  const dialect = dialectOf(schema);
  if (dialect === undefined) return () => `the tool's schema declares a draft this client does not know: ${String(schema.$schema)} (path: $)`;
  let validate: ValidateFunction;
  try {
    validate = (await compilerFor(dialect))(schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return () => `the tool's schema cannot be used: ${reason} (path: $)`;
  }
  return (input) => {
    if (validate(input)) return undefined;
    // With allErrors off, ajv stops at the first failure; the last error it reports is the
    // outermost keyword that failed (anyOf after the errors of its branches).
    return schemaMessage((validate.errors as ErrorObject[]).at(-1) as ErrorObject, input);
  };
}

// Readies the check of that draft ahead: loads its ajv and compiles its meta-schema, which the first schema of the draft
// would otherwise wait for (each schema is checked against it before it is compiled; some 20 ms for draft-07). For a
// program that has a moment with nothing to do, such as the wait for a server to start; a failure is left for the
// schema that needs the draft to report.
export function warmSchemaCheck(dialect: Dialect): void {
  compilerFor(dialect).catch(() => undefined);
}

// One ajv instance per draft, shared by every tool: first error only, unknown keywords and formats allowed.
function compilerFor(dialect: Dialect): Promise<Compile> {
  let compiler = compilers.get(dialect);
  // Stryker disable next-line ConditionalExpression: a compiler loaded anew each time checks the same way; only slower.
  if (compiler === undefined) {
    compiler = loadCompiler(dialect);
    compilers.set(dialect, compiler);
  }
  return compiler;
}

// The ajv class of each draft, imported only when a schema of that draft is first compiled: each brings its own vocabularies.
const AJV_CLASSES = {
  '2020-12': () => import('ajv/dist/2020.js').then((m) => m.Ajv2020),
  '2019-09': () => import('ajv/dist/2019.js').then((m) => m.Ajv2019),
  'draft-07': () => import('ajv').then((m) => m.Ajv),
} satisfies Record<Dialect, () => Promise<new (options: Options) => Ajv>>;

async function loadCompiler(dialect: Dialect): Promise<Compile> {
  const [AjvClass, formats] = await Promise.all([AJV_CLASSES[dialect](), import('ajv-formats')]);
  // verbose: each error carries the value it checked and its keyword's schema (see schemaMessage).
  const options = {
    allErrors: false,
    strict: false,
    // Stryker disable next-line BooleanLiteral: with strict off, allowUnionTypes changes nothing (it only lifts a strict-mode rule).
    allowUnionTypes: true,
    verbose: true,
    logger: false as const,
    // The generated checks left as ajv writes them: its optimising pass only tidies their code (the same answers), and
    // skipping it makes each compile about a quarter cheaper, the meta-schema's first of all.
    code: { optimize: false },
  };
  const ajv = new AjvClass(options);
  // ajv-formats is CommonJS: its module.exports is the plugin, and carries itself as .default.
  formats.default.default(ajv);
  // The meta-schema, compiled now (a schema of no keyword passes it): a draft's first compile would do it first.
  ajv.validateSchema({});
  return (schema) => ajv.compile(schema);
}
