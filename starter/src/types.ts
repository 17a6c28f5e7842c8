// The result shapes a tool hands back to the model, and the dispatcher's signature.

// What every tool except bash returns: `{content}` on success, `{content, is_error: true}` on failure.
export type ToolOutput = {
  content: string;
  is_error?: true;
};

// What bash returns once the command ran: always all three keys.
export type BashOutput = {
  content: string;
  is_error: boolean;
  exit_code: number;
};

export type ToolResult = ToolOutput | BashOutput;

// Runs one tool call by name; must never reject: every failure is a result.
export type Execute = (name: string, input: unknown) => Promise<ToolResult>;
