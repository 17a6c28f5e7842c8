// Registry names for discovered tools that the tool-name rules of the major model APIs accept,
// ^[a-zA-Z0-9_-]{1,64}$, always prefixed mcp__<server>__ so an MCP `echo` never meets the built-in one.

const MAX_LENGTH = 64;
// What a shortened name keeps of its base: 55 characters, "_", 8 hex digits = 64.
const KEPT = MAX_LENGTH - 9;

// mcp__<server>__<tool> with every character outside [a-zA-Z0-9_-] (a code point) replaced by "_".
export function baseToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/gu, '_');
}

// A base that cannot stay: its first 55 characters, "_" and the first 8 hex digits of the SHA-256
// of the server's tool name (UTF-8), the same on every run. node:crypto is loaded here, on the first
// name that needs it, not when the program starts: few cases shorten a name, and every case would pay for it.
export function shortenedToolName(base: string, tool: string): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return `${base.slice(0, KEPT)}_${createHash('sha256').update(tool).digest('hex').slice(0, 8)}`;
}

// The registry name of every tool of one listing of a server, by its name on the server. A base
// stays as it is when it is at most 64 characters and either no other tool of the listing has the
// same base or the tool's own name needed no change (the tool named exactly `a_b` keeps
// mcp__s__a_b; `a.b` beside it is shortened). Every other tool gets the shortened form.
export function registryNames(server: string, tools: readonly string[]): Map<string, string> {
  const bases = new Map(tools.map((tool) => [tool, baseToolName(server, tool)]));
  const sharing = new Map<string, number>();
  for (const base of bases.values()) sharing.set(base, (sharing.get(base) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [tool, base] of bases) {
    const unchanged = base === `mcp__${server}__${tool}`;
    const stays = base.length <= MAX_LENGTH && (unchanged || sharing.get(base) === 1);
    names.set(tool, stays ? base : shortenedToolName(base, tool));
  }
  return names;
}
