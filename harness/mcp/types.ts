// mcp-discovery: how to start one MCP server, and the connection the solution hands back.
export type McpServerSpec = {
  // The server's name in tool names: mcp__<name>__<tool>.
  name: string;
  // What to spawn (stdio transport), run in the program's working directory (the course directory),
  // so relative paths such as harness/mcp/course-server.mjs start there.
  command: string;
  args: string[];
};

export type McpOptions = {
  // The time budget of each request after the handshake (tools/list, tools/call): a call still
  // unanswered after it becomes a timeout error result, and the request is cancelled.
  timeoutMs: number;
};

export type McpConnection = {
  // Ends the session and the server process; resolves once the process is gone.
  close(): Promise<void>;
};
