// mcp-discovery: how to start one MCP server, and the connection the solution hands back.
// A spec has the keys of an `mcpServers` entry in common MCP clients' configuration (command, args,
// env, cwd) and the name that entry has there; harness/mcp/server-spec-schema.ts declares its JSON.
export type McpServerSpec = {
  // The server's name in tool names: mcp__<name>__<tool>.
  name: string;
  // What to spawn (stdio transport). Relative paths (in args, and cwd itself) start in the
  // program's working directory, the course directory, unless `cwd` says otherwise.
  command: string;
  args: string[];
  // Variables set for the server, over the SDK's minimal default environment (HOME, LOGNAME,
  // PATH, SHELL, TERM, USER taken from the program's): nothing else of the program's leaks in.
  env: Record<string, string>;
  // The server's working directory; undefined: the program's.
  cwd?: string;
};

export type McpOptions = {
  // The time budget of each request after the handshake (tools/list, tools/call): a call still
  // unanswered after it becomes a timeout error result, and the request is cancelled.
  timeoutMs: number;
  // The budget of the initialize request: a server that has not answered by then is given up.
  startupTimeoutMs: number;
};

export type McpConnection = {
  // Ends the session and the server process; resolves once the process is gone.
  close(): Promise<void>;
};
