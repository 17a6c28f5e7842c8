import type { CommandOutput, Solution } from '../solution.ts';
import type { Descriptor, Registry, ToolDefinition } from './types.ts';
import type { FromSchema } from '../input-schema.ts';
import { isObject } from '../request-fields.ts';
import { callList, type DispatchRequest } from '../dispatch-request.ts';
import { readInput } from '../input-reader.ts';
import { REGISTRY_INPUT } from './registry-request.ts';
import { badRequest, escapedError } from '../failure-report.ts';
import { withRegistry } from './with-registry.ts';
import { markCallsDone, markRunning } from '../running-call.ts';
import { throwingTools } from './throwing-tools.ts';

// The stdin of `program.ts registry` (stage validate-args).
export type RegistryRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // Tool calls, run in order through registry.execute.
  calls: DispatchRequest['calls'];
  // `list_tools: true`: print registry.descriptors() as "tools".
  listTools: boolean;
  // `register`: descriptor-only tools, registered before the calls; absent means none.
  register: Descriptor[] | undefined;
};

const COMMAND = 'registry';

// `registry`: builds the solution's registry over a fresh sandbox, registers the course's throwing
// tools and then the case's own descriptors, then runs every call through registry.execute and prints
// `{"registered"?, "tools"?, "results"}` on one line.
export async function runRegistry<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parseRegistryRequest(stdinText);
  if (typeof request === 'string') return badRequest(COMMAND, request);
  return withRegistry(solution, request.sandbox, COMMAND, async (registry) => {
    const output: Record<string, unknown> = {};
    try {
      for (const tool of throwingTools) registry.register(tool);
    } catch (error) {
      return escapedError('registering the course tools threw', error, COMMAND);
    }
    if (request.register !== undefined) {
      const registered: unknown[] = [];
      for (const [index, descriptor] of request.register.entries()) {
        const outcome = registerDescribed(registry, descriptor);
        if (outcome.escaped) return escapedError(`register threw on register[${index}] (${descriptor.name})`, outcome.error, COMMAND);
        registered.push(outcome.result);
      }
      output.registered = registered;
    }
    if (request.listTools) {
      try {
        output.tools = registry.descriptors();
      } catch (error) {
        return escapedError('descriptors threw', error, COMMAND);
      }
    }
    const results: unknown[] = [];
    for (const [index, call] of request.calls.entries()) {
      markRunning(index, call.tool);
      try {
        results.push(await registry.execute(call.tool, call.input));
      } catch (error) {
        // execute must turn every failure into a result; a rejection is the solution's bug.
        return escapedError(`execute threw on calls[${index}] (${call.tool})`, error, COMMAND);
      }
    }
    markCallsDone();
    output.results = results;
    return { stdout: `${JSON.stringify(output)}\n`, stderr: '', exitCode: 0 };
  });
}

// Parses the registry stdin, or returns a one-line description of what is wrong with it.
export function parseRegistryRequest(text: string): RegistryRequest | string {
  const data = readInput(REGISTRY_INPUT, text) as FromSchema<typeof REGISTRY_INPUT> | string;
  if (typeof data === 'string') return data;
  const register = data.register?.map(({ name, description, parameters }) => ({ name, description, parameters: parameters as Descriptor['parameters'] }));
  return { sandbox: data.sandbox, calls: callList(data.calls), listTools: data.list_tools, register };
}

// What registering one described tool gave: the entry for "registered", or an error to report as escaped.
type RegisterOutcome = { escaped: false; result: unknown } | { escaped: true; error: unknown };

// Registers a tool known only by its descriptor; a refusal (a taken name) is an error entry, a
// starter stub escapes so the grader can say "not implemented".
function registerDescribed(registry: Registry, descriptor: Descriptor): RegisterOutcome {
  try {
    registry.register(describedTool(descriptor));
    return { escaped: false, result: { content: `registered: ${descriptor.name}` } };
  } catch (error) {
    if (error instanceof Error && error.name === 'NotImplementedError') return { escaped: true, error };
    return { escaped: false, result: { content: error instanceof Error ? error.message : String(error), is_error: true } };
  }
}

// A tool added by its description alone: its handler answers with the validated input as JSON.
export function describedTool(descriptor: Descriptor): ToolDefinition {
  return { ...descriptor, handler: async (input) => ({ content: sortedJson(input) }) };
}

// JSON text with every object's keys sorted by UTF-16 code unit, and no spaces.
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
