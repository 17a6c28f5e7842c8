// Where each program.ts command's input holds tool calls, and which tools those calls can name. A command without an
// entry here (a new one, until it is added) has its calls checked by nothing but its input schema.
import { DISPATCH_TOOLS, INSTRUMENT_TOOLS, REGISTRY_TOOLS, THROWING_TOOLS, WORKSPACE_TOOLS, type CourseTool } from './course-tools.ts';

/** Where calls sit in a command's input: `at` walks keys joined by "." (a key ending in [*] walks every item). */
export type CallSite = { at: string; name: string; args: string };

/** A command's calls: where they sit, and the tools they can name given the case's input. */
export type CommandCalls = {
  sites: readonly CallSite[];
  tools: (input: Record<string, unknown>) => readonly CourseTool[];
  /** The tools come stage by stage (a tool's `stage`): a call may name only those of its stage or an earlier one. */
  staged?: boolean;
  /** Names a case's own servers add (an MCP server's tools), checked by nothing but their prefix. */
  openPrefixes?: (input: Record<string, unknown>) => string[];
  /** Whether the calls run at all (a protocol request refused before its call is looked at sends none). */
  runs?: (input: Record<string, unknown>) => boolean;
};

const CALLS: CallSite = { at: 'calls[*]', name: 'tool', args: 'input' };
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

// The tools a `registry` case registers itself (`register`): their parameters are their schema's properties.
function registeredTools(input: Record<string, unknown>): CourseTool[] {
  const register = Array.isArray(input.register) ? input.register : [];
  return register.filter(isObject).filter((d) => typeof d.name === 'string').map((d) => {
    const schema = isObject(d.parameters) ? d.parameters : {};
    const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    return {
      name: d.name as string,
      required: required.map((r) => [r]),
      optional: properties.filter((p) => !required.includes(p)).map((p) => [p]),
      open: schema.additionalProperties !== false,
    };
  });
}

/** The calls of each command that has any. */
export const COMMAND_CALLS: Readonly<Record<string, CommandCalls>> = {
  dispatch: { sites: [CALLS], tools: () => DISPATCH_TOOLS, staged: true },
  registry: { sites: [CALLS], tools: (input) => [...REGISTRY_TOOLS, ...THROWING_TOOLS, ...registeredTools(input)] },
  policy: { sites: [CALLS], tools: () => REGISTRY_TOOLS },
  loop: { sites: [{ at: 'model[*].tool_calls[*]', name: 'name', args: 'arguments' }], tools: () => [...REGISTRY_TOOLS, ...THROWING_TOOLS.filter((t) => t.name === 'explode')] },
  turn: { sites: [CALLS], tools: () => [...REGISTRY_TOOLS, ...INSTRUMENT_TOOLS] },
  mcp: {
    sites: [CALLS],
    tools: () => REGISTRY_TOOLS,
    openPrefixes: (input) => (Array.isArray(input.servers) ? input.servers : []).filter(isObject).map((s) => `mcp__${String(s.name)}__`),
  },
  protocol: {
    sites: [{ at: 'call', name: 'tool', args: 'args' }],
    tools: () => WORKSPACE_TOOLS,
    // Checks 1–4 of the stage text pass: the request is an object, its op is "dispatch", its workspace is usable.
    runs: (input) => input.op === 'dispatch' && (input.workspace === undefined || input.workspace === null || (isObject(input.workspace) && Object.values(input.workspace).every((v) => typeof v === 'string'))),
  },
};

/** One call found in an input: its JSON path from the input's root ("calls[2]"), its name and its arguments. */
export type FoundCall = { at: string; name: unknown; args: unknown; site: CallSite };

// Every call of `input` at one site, with its path.
export function callsAt(input: unknown, site: CallSite): FoundCall[] {
  let found: { at: string; value: unknown }[] = [{ at: '', value: input }];
  for (const step of site.at.split('.')) {
    const key = step.replace(/\[\*\]$/, '');
    const spread = step !== key;
    found = found.flatMap(({ at, value }) => {
      if (!isObject(value) || !(key in value)) return [];
      const here = at === '' ? key : `${at}.${key}`;
      const inner = value[key];
      if (!spread) return [{ at: here, value: inner }];
      return Array.isArray(inner) ? inner.map((item, i) => ({ at: `${here}[${i}]`, value: item })) : [];
    });
  }
  return found.filter(({ value }) => isObject(value)).map(({ at, value }) => ({ at, name: (value as Record<string, unknown>)[site.name], args: (value as Record<string, unknown>)[site.args], site }));
}
