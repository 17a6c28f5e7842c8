import type { McpServerSpec } from './types.ts';
import { SERVER_SPEC_SCHEMA } from './server-spec-schema.ts';

// The budget of a server's initialize request when its entry gives none: generous, since a server
// that loads an SDK on a busy machine takes seconds to answer.
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

// An entry that passed the schema.
type ServerEntry = { name: string; command: string; args?: string[]; env?: Record<string, string>; cwd?: string; startup_timeout_ms?: number };

// The `servers` field checked against SERVER_SPEC_SCHEMA (ajv, loaded only here), as specs with their
// startup budgets; or one line naming the first problem, e.g. `servers[1] must NOT have additional properties (envv)`.
export async function serverEntries(value: unknown): Promise<{ spec: McpServerSpec; startupTimeoutMs: number }[] | string> {
  if (!Array.isArray(value)) return '"servers" must be an array';
  const { Ajv } = await import('ajv');
  const check = new Ajv({ allErrors: false }).compile<ServerEntry>(SERVER_SPEC_SCHEMA as object);
  const entries: { spec: McpServerSpec; startupTimeoutMs: number }[] = [];
  const names = new Set<string>();
  for (const [index, entry] of value.entries()) {
    if (!check(entry)) {
      const [error] = check.errors ?? [];
      const extra = error?.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
      return `servers[${index}]${error?.instancePath.replaceAll('/', '.') ?? ''} ${error?.message ?? 'is not a server entry'}${extra}`;
    }
    if (names.has(entry.name)) return `servers[${index}].name ${entry.name} is already the name of another server`;
    names.add(entry.name);
    const spec: McpServerSpec = { name: entry.name, command: entry.command, args: entry.args ?? [], env: entry.env ?? {} };
    if (entry.cwd !== undefined) spec.cwd = entry.cwd;
    entries.push({ spec, startupTimeoutMs: entry.startup_timeout_ms ?? DEFAULT_STARTUP_TIMEOUT_MS });
  }
  return entries;
}
