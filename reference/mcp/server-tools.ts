import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../registry/registry.ts';
import type { McpSession } from './session.ts';
import { registryNames } from './tool-name.ts';
import { toolListChanges } from './tool-list-changes.ts';
import { remoteTool } from './remote-tool.ts';
import { schemaCheck } from './schema-check.ts';

// One server's tools in the registry, kept in step with its tools/list: one listing at a time, in
// the order they were asked for, so an older listing never overwrites a newer one.
export class ServerTools {
  #listed = new Map<string, Tool>();
  // Registry name of each listed tool, by its name on the server.
  #names = new Map<string, string>();
  // Registry names this server's tools hold now (a listing that failed half-way may have registered some).
  #registered = new Set<string>();
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
    for (const name of this.#registered) this.registry.unregister(name);
    this.#registered.clear();
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
    const changes = toolListChanges(this.#listed, listed, (tool) => this.#names.get(tool) !== names.get(tool));
    const added = await Promise.all(changes.add.map(async (tool) => ({ tool, check: await schemaCheck(tool.inputSchema) })));
    for (const tool of changes.remove) {
      const name = this.#names.get(tool) as string;
      this.registry.unregister(name);
      this.#registered.delete(name);
    }
    for (const { tool, check } of added) {
      const name = names.get(tool.name) as string;
      this.registry.register(remoteTool(this.session, tool, name, check));
      this.#registered.add(name);
    }
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
