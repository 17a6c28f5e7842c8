import type { McpServerSpec } from './types.ts';
import type { FromSchema } from '../input-schema.ts';
import { SERVER_SPEC_SCHEMA } from './server-spec-schema.ts';
import { readValue } from '../input-reader.ts';

// The budget of a server's initialize request when its entry gives none: generous, since a server
// that loads an SDK on a busy machine takes seconds to answer.
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

// An entry that passed the schema.
type ServerEntry = FromSchema<typeof SERVER_SPEC_SCHEMA>;

// A server with the budget of its initialize request.
type Server = { spec: McpServerSpec; startupTimeoutMs: number };

const SERVERS = { type: 'array', items: SERVER_SPEC_SCHEMA, errorMessage: { type: 'must be an array' } } as const;

// The `servers` field checked against SERVER_SPEC_SCHEMA, as specs with their startup budgets; or
// one line naming the first problem, e.g. `servers[1] has an unknown key "envv" (known: …)`.
export function serverEntries(value: unknown): Server[] | string {
  const entries = readValue(SERVERS, value, ['servers']) as ServerEntry[] | string;
  return typeof entries === 'string' ? entries : serverList(entries);
}

// Entries that passed the schema as specs with their startup budgets, or the first name two servers share.
export function serverList(entries: readonly ServerEntry[]): Server[] | string {
  const servers: Server[] = [];
  for (const [index, { name, command, args, env, cwd, startup_timeout_ms: startup }] of entries.entries()) {
    const first = servers.findIndex((server) => server.spec.name === name);
    if (first !== -1) return `servers[${index}].name "${name}" is already the name of another server`;
    const spec: McpServerSpec = { name, command, args: args ?? [], env: env ?? {} };
    if (cwd !== undefined) spec.cwd = cwd;
    servers.push({ spec, startupTimeoutMs: startup ?? DEFAULT_STARTUP_TIMEOUT_MS });
  }
  return servers;
}
