// mcp-discovery: how to start one MCP server, and the connection the solution hands back.
export type McpServerSpec = {
  // The server's name in tool names: mcp__<name>__<tool>.
  name: string;
  // What to spawn (stdio transport), relative paths from the course directory.
  command: string;
  args: string[];
};

export type McpOptions = {
  // The per-call time budget: a call still unanswered after it becomes a timeout error result.
  timeoutMs: number;
};

export type McpConnection = {
  // Closes the session and stops the server process.
  close(): Promise<void>;
};
