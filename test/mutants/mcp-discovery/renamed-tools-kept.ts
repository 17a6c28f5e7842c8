// Mutant: a listing after list_changed compares description and schema only, so a tool whose registry name changed keeps its old one and the newcomer's name is refused.
// Replaces: reference/mcp/server-tools.ts
// Caught by: list-changed-rename
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../../../reference/registry/registry.ts';
import type { McpSession } from '../../../reference/mcp/session.ts';
import { registryNames } from '../../../reference/mcp/tool-name.ts';
import { toolListChanges } from '../../../reference/mcp/tool-list-changes.ts';
import { remoteTool } from '../../../reference/mcp/remote-tool.ts';
import { schemaCheck } from '../../../reference/mcp/schema-check.ts';

// One server's tools in the registry, kept in step with its tools/list: one listing at a time, in
// the order they were asked for, so an older listing never overwrites a newer one.
export class ServerTools {
  #listed = new Map<string, Tool>();
  // Registry name of each listed tool, by its name on the server.
  #names = new Map<string, string>();
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly registry: ToolRegistry,
    readonly session: McpSession,
  ) {}

  // Lists the tools again once the listings before it are done, and updates the registry.
  refresh(): Promise<void> {
    const next = this.#queue.then(() => this.#listAndApply());
    // A listing that gets no answer leaves the registry as it was; later listings still run.
    this.#queue = next.catch(() => undefined);
    return next;
  }

  // Resolves when every listing asked for so far has finished.
  settled(): Promise<void> {
    return this.#queue;
  }

  // Unregisters every tool of this server (a server that failed while it was being connected).
  withdraw(): void {
    for (const name of this.#names.values()) this.registry.unregister(name);
    this.#listed.clear();
    this.#names.clear();
  }

  // One listing: read every page, name the tools, compile the schemas of new and changed tools,
  // then unregister and register what changed.
  async #listAndApply(): Promise<void> {
    const listed = await listAllTools(this.session.client, this.session.timeoutMs);
    const names = registryNames(
      this.session.server,
      listed.map((tool) => tool.name),
    );
    const changes = toolListChanges(this.#listed, listed, () => false);
    const added = await Promise.all(changes.add.map(async (tool) => ({ tool, check: await schemaCheck(tool.inputSchema) })));
    for (const tool of changes.remove) this.registry.unregister(this.#names.get(tool) as string);
    for (const { tool, check } of added) this.registry.register(remoteTool(this.session, tool, names.get(tool.name) as string, check));
    this.#listed = new Map(listed.map((tool) => [tool.name, tool]));
    this.#names = names;
  }
}

// Every page of tools/list.
async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}
