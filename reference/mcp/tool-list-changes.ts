import type { Tool } from '@modelcontextprotocol/sdk/types.js';

// What to do to the registry when a server's tool list is read again.
export type ToolListChanges = {
  // Server tool names to unregister: withdrawn, or changed (they come back in `add`).
  remove: string[];
  // Tools to register: new, or changed, in the server's order.
  add: Tool[];
};

// The difference between the tools registered so far and a new listing. A tool counts as changed
// when its description or its input schema differs, or when `isRenamed` says its registry name is
// not the one it had (a new tool beside it took its sanitised name); anything else is not registered.
export function toolListChanges(previous: ReadonlyMap<string, Tool>, listed: readonly Tool[], isRenamed: (name: string) => boolean): ToolListChanges {
  const next = new Map(listed.map((tool) => [tool.name, tool]));
  const isKept = (name: string) => {
    const before = previous.get(name);
    const after = next.get(name);
    return before !== undefined && after !== undefined && registeredPart(before) === registeredPart(after) && !isRenamed(name);
  };
  return {
    remove: [...previous.keys()].filter((name) => !isKept(name)),
    add: listed.filter((tool) => !isKept(tool.name)),
  };
}

// The fields of a tool that reach the registry, as comparable text.
function registeredPart(tool: Tool): string {
  return JSON.stringify([tool.description ?? '', tool.inputSchema]);
}
