import type { McpServerSpec } from './types.ts';
import { SERVER_SPEC_SCHEMA } from './server-spec-schema.ts';
import { isObject } from '../request-fields.ts';

// The budget of a server's initialize request when its entry gives none: generous, since a server
// that loads an SDK on a busy machine takes seconds to answer.
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

// An entry that passed the schema.
type ServerEntry = { name: string; command: string; args?: string[]; env?: Record<string, string>; cwd?: string; startup_timeout_ms?: number };

// The keywords SERVER_SPEC_SCHEMA uses for one key. The harness reads the declaration itself rather
// than loading a validator: a starter course may have no packages installed yet.
type KeySchema = { type: string; minLength?: number; pattern?: string; minimum?: number; items?: { type: string }; additionalProperties?: { type: string } };

const PROPERTIES = SERVER_SPEC_SCHEMA.properties as Readonly<Record<string, KeySchema>>;

// The `servers` field checked against SERVER_SPEC_SCHEMA, as specs with their startup budgets; or
// one line naming the first problem, e.g. `servers[1] has an unknown key "envv" (known: …)`.
export function serverEntries(value: unknown): { spec: McpServerSpec; startupTimeoutMs: number }[] | string {
  if (!Array.isArray(value)) return '"servers" must be an array';
  const entries: { spec: McpServerSpec; startupTimeoutMs: number }[] = [];
  const names = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const problem = entryProblem(entry, `servers[${index}]`);
    if (problem !== undefined) return problem;
    const { name, command, args, env, cwd, startup_timeout_ms: startup } = entry as ServerEntry;
    if (names.has(name)) return `servers[${index}].name "${name}" is already the name of another server`;
    names.add(name);
    const spec: McpServerSpec = { name, command, args: args ?? [], env: env ?? {} };
    if (cwd !== undefined) spec.cwd = cwd;
    entries.push({ spec, startupTimeoutMs: startup ?? DEFAULT_STARTUP_TIMEOUT_MS });
  }
  return entries;
}

// What is wrong with one entry, or undefined.
function entryProblem(entry: unknown, where: string): string | undefined {
  if (!isObject(entry)) return `${where} must be an object`;
  const unknown = Object.keys(entry).find((key) => !Object.hasOwn(PROPERTIES, key));
  if (unknown !== undefined) return `${where} has an unknown key "${unknown}" (known: ${Object.keys(PROPERTIES).join(', ')})`;
  const missing = SERVER_SPEC_SCHEMA.required.find((key) => !Object.hasOwn(entry, key));
  if (missing !== undefined) return `${where}.${missing} is required`;
  for (const [key, schema] of Object.entries(PROPERTIES)) {
    if (!Object.hasOwn(entry, key)) continue;
    const problem = valueProblem(schema, entry[key], `${where}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

// What is wrong with one value against the keywords of its key, or undefined.
function valueProblem(schema: KeySchema, value: unknown, where: string): string | undefined {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${where} must be a string`;
      if (schema.minLength !== undefined && value.length < schema.minLength) return `${where} must not be empty`;
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return `${where} must match ${schema.pattern}`;
      return undefined;
    case 'integer':
      if (!Number.isInteger(value) || (schema.minimum !== undefined && (value as number) < schema.minimum)) return `${where} must be an integer of at least ${schema.minimum ?? '-∞'}`;
      return undefined;
    case 'array': {
      if (!Array.isArray(value)) return `${where} must be an array`;
      const bad = value.findIndex((item) => typeof item !== schema.items?.type);
      return bad === -1 ? undefined : `${where}[${bad}] must be a ${schema.items?.type}`;
    }
    case 'object': {
      if (!isObject(value)) return `${where} must be an object`;
      const bad = Object.keys(value).find((key) => typeof value[key] !== schema.additionalProperties?.type);
      return bad === undefined ? undefined : `${where}.${bad} must be a ${schema.additionalProperties?.type}`;
    }
    default:
      return undefined;
  }
}
