// Mistake: a server's tools are registered under their own names, so the server's echo clashes with the built-in
// Replaces: reference/mcp/tool-name.ts
// Path: ^(stdout|exitCode)$
// Note: never under its own name
export * from '../../../reference/mcp/tool-name.ts';

// The tool's own name, without the server prefix (the mistake).
export function mcpToolName(_server: string, tool: string): string {
  return tool;
}
