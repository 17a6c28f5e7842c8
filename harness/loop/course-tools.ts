import type { ToolDefinition } from '../registry/types.ts';
import { explodeTool } from '../registry/throwing-tools.ts';

// Tools the harness registers into the solution's registry (through `register`) for the loop
// stage, beside the course's own: they make outcomes caseable that the built-ins never produce.
// `explode` takes no arguments and its handler always throws, so a failed handler can be seen.
export { explodeTool };

// Registered after makeRegistry's tools, in this order.
export const courseTools: readonly ToolDefinition[] = [explodeTool];
