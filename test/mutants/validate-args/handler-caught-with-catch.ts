// Mutant: execute is not async and catches the handler with handler(input).catch(…), so a handler that throws before returning a promise escapes it.
// Replaces: reference/registry/registry.ts
// Caught by: handler-throws-an-error
import type { Descriptor, ToolDefinition } from '../../../reference/registry/types.ts';
import type { ToolResult } from '../../../reference/types.ts';
import { ToolExecutionError, ToolValidationError, UnknownToolError } from '../../../reference/registry/errors.ts';
import { firstViolation } from '../../../reference/registry/validate.ts';
import { failure } from '../../../reference/results.ts';

// A call that passed lookup and validation: the tool and the input its handler will get.
export type PreparedCall = { tool: ToolDefinition; input: Record<string, unknown> };

// The catalog of described tools: lookup by name, validation against the tool's schema, then its
// handler. A Map, not a plain object, so that "constructor" or "__proto__" are unknown names.
export class ToolRegistry {
  readonly #tools = new Map<string, ToolDefinition>();

  // Adds a tool; a taken name is refused, so that nothing can silently replace a tool.
  register(tool: ToolDefinition): void {
    if (this.#tools.has(tool.name)) throw new Error(`tool already registered: ${tool.name}`);
    this.#tools.set(tool.name, tool);
  }

  // Removes a tool (an MCP server withdrew it); unknown names are ignored.
  unregister(name: string): void {
    this.#tools.delete(name);
  }

  // The model's view: name, description and parameters of each tool, in registration order.
  descriptors(): Descriptor[] {
    return [...this.#tools.values()].map(({ name, description, parameters }) => ({ name, description, parameters }));
  }

  // The registered tool of that name.
  get(name: string): ToolDefinition | undefined {
    return this.#tools.get(name);
  }

  // Looks the tool up and validates the input; throws UnknownToolError or ToolValidationError.
  prepare(name: string, input: unknown): PreparedCall {
    const tool = this.#tools.get(name);
    if (tool === undefined) throw new UnknownToolError(name);
    const value = input === undefined ? {} : input;
    const problem = firstViolation(tool.parameters, value);
    if (problem !== undefined) throw new ToolValidationError(problem);
    return { tool, input: value as Record<string, unknown> };
  }

  // Runs a prepared call; a handler that throws becomes a ToolExecutionError.
  async run(call: PreparedCall): Promise<unknown> {
    try {
      return await call.tool.handler(call.input);
    } catch (error) {
      throw new ToolExecutionError(error instanceof Error ? error.message : String(error));
    }
  }

  // Lookup, validation and the handler; throws the ToolError of the step that refused.
  async invoke(name: string, input: unknown): Promise<unknown> {
    return this.run(this.prepare(name, input));
  }

  // The same, with every refusal turned into an error result: never rejects.
  execute(name: string, input: unknown): Promise<unknown> {
    let call: PreparedCall;
    try {
      call = this.prepare(name, input);
    } catch (error) {
      return Promise.resolve(errorResult(error));
    }
    return call.tool.handler(call.input).catch((error: unknown) => errorResult(new ToolExecutionError(error instanceof Error ? error.message : String(error))));
  }
}

// The error result for a refused call: "unknown tool: x", "ValidationError: …" or "Error: …".
export function errorResult(error: unknown): ToolResult {
  if (error instanceof UnknownToolError) return failure(error.message);
  if (error instanceof ToolValidationError) return failure(`ValidationError: ${error.message}`);
  return failure(`Error: ${error instanceof Error ? error.message : String(error)}`);
}
