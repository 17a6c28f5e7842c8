// Mistake: a server's tools are registered under their own names, so the server's echo clashes with the built-in
// Replaces: reference/mcp/tool-name.ts
// Path: ^(tools\[\d+\]|server_errors)$
// Note: never under its own name|mcp__<server>__<tool>
export * from '../../../reference/mcp/tool-name.ts';

// Every tool under its own name on the server, without the mcp__<server>__ prefix (the mistake).
export function registryNames(_server: string, tools: readonly string[]): Map<string, string> {
  return new Map(tools.map((tool) => [tool, tool]));
}
