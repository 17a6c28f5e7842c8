import type { CommandOutput, Solution } from '../solution.ts';
import type { Descriptor, Registry } from '../registry/types.ts';
import type { McpConnection } from './types.ts';
import type { McpRequest } from './mcp-request.ts';
import { parseMcpRequest } from './mcp-request.ts';
import { withRegistry } from '../registry/with-registry.ts';
import { partOf } from '../missing-export.ts';
import { badRequest, escapedError } from '../failure-report.ts';
import { markCallsDone, markRunning } from '../running-call.ts';

// `mcp`: builds the registry over a sandbox, connects every server with the solution's connectMcp,
// runs the calls in order through registry.execute, prints
// `{"server_errors"?: [...], "tools"?: [...], "results": [...]}`, and closes every connection it
// opened, whatever happened. A server whose connectMcp rejects is that server's failure: its
// rejection is printed in server_errors, and the other servers and the built-ins carry on.
export async function runMcp<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parseMcpRequest(stdinText);
  if (typeof request === 'string') return badRequest('mcp', request);
  return withRegistry(solution, request.sandbox, 'mcp', async (registry) => {
    const connections: { server: string; connection: McpConnection }[] = [];
    let output: CommandOutput;
    let closeProblem: CommandOutput | undefined;
    try {
      output = await runSession(solution, registry, request, connections);
    } finally {
      closeProblem = await closeAll(connections);
    }
    return closeProblem ?? output;
  });
}

// Connects, runs the calls and reads the tools; anything the solution throws is reported, not rethrown.
async function runSession<T, R extends Registry>(
  solution: Solution<T, R>,
  registry: R,
  request: McpRequest,
  connections: { server: string; connection: McpConnection }[],
): Promise<CommandOutput> {
  const serverErrors: { server: string; error: string }[] = [];
  for (const { spec, startupTimeoutMs } of request.servers) {
    try {
      connections.push({ server: spec.name, connection: await partOf(solution, 'connectMcp')(spec, registry, { timeoutMs: request.timeoutMs, startupTimeoutMs }) });
    } catch (error) {
      // A starter stub is not a server's failure: the stage reports it as not implemented.
      if (error instanceof Error && error.name === 'NotImplementedError') return escapedError(`connectMcp threw for server ${spec.name}`, error, 'mcp');
      serverErrors.push({ server: spec.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const failed = serverErrors.length > 0 ? { server_errors: serverErrors } : {};
  const results: unknown[] = [];
  for (const [index, call] of request.calls.entries()) {
    markRunning(index, call.tool);
    try {
      results.push(await registry.execute(call.tool, call.input));
    } catch (error) {
      // execute must turn every failure into a result; a rejection is the solution's bug.
      return escapedError(`execute threw on calls[${index}] (${call.tool})`, error, 'mcp');
    }
  }
  markCallsDone();
  if (!request.listTools) return printed({ ...failed, results });
  try {
    return printed({ ...failed, tools: mcpDescriptors(registry.descriptors()), results });
  } catch (error) {
    return escapedError('descriptors threw', error, 'mcp');
  }
}

// The discovered tools (names starting with mcp__), sorted by name: registration order is yours to choose.
export function mcpDescriptors(descriptors: Descriptor[]): Descriptor[] {
  return descriptors.filter((d) => d.name.startsWith('mcp__')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// Closes every connection, last opened first; the first close() that throws is reported.
async function closeAll(connections: { server: string; connection: McpConnection }[]): Promise<CommandOutput | undefined> {
  let problem: CommandOutput | undefined;
  for (const { server, connection } of [...connections].reverse()) {
    try {
      await connection.close();
    } catch (error) {
      problem ??= escapedError(`close() threw for server ${server}`, error, 'mcp');
    }
  }
  return problem;
}

// The one JSON document on stdout, exit 0.
function printed(document: object): CommandOutput {
  return { stdout: `${JSON.stringify(document)}\n`, stderr: '', exitCode: 0 };
}
