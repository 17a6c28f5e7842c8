// The registry name of a discovered tool: always prefixed, so an MCP `echo` never meets the built-in `echo`.
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}
