// The registry as the harness sees it (stages validate-args on): the shapes a solution's registry
// takes and gives. The harness registers course-provided tools through `register` and prints
// `descriptors()`; everything else about the registry belongs to the solution.

// The JSON Schema subset the course's tools use; other keywords may appear and are ignored.
export type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  [keyword: string]: unknown;
};

// What the model sees of a tool: exactly these three fields.
export type Descriptor = {
  name: string;
  description: string;
  parameters: JsonSchema;
};

// How a call touches the sandbox, for the turn runner (parallel-calls): `read` calls may overlap
// each other; a `write` waits for earlier calls on the same path; `exclusive` runs alone.
export type Effect = 'read' | 'write' | 'exclusive';

// A tool as registered: the descriptor's fields plus the private handler and its effect.
export type ToolDefinition = Descriptor & {
  // Runs a call whose input already passed validation; may throw (the registry turns that into an error result).
  handler: (input: Record<string, unknown>) => Promise<unknown>;
  // Absent means `exclusive`.
  effect?: Effect;
};

// The registry a solution builds with `makeRegistry(tools)`.
export type Registry = {
  // Adds a tool; throws when the name is taken.
  register(tool: ToolDefinition): void;
  // The model's view of every registered tool, in registration order.
  descriptors(): Descriptor[];
  // Validates, then runs one call; never rejects: every failure is an error result.
  execute(name: string, input: unknown): Promise<unknown>;
};
