// The result shapes a tool hands back to the model, and the dispatcher's signature.

// What every tool except bash returns: `{content}` on success, `{content, is_error: true}` on failure.
export type ToolOutput = {
  // The text the model reads on its next turn.
  content: string;
  // Present, and `true`, only on failure; a success has no such key.
  is_error?: true;
};

// What bash returns once the command ran: always all three keys.
export type BashOutput = {
  // All of stdout followed by all of stderr, untrimmed.
  content: string;
  // `exit_code !== 0`.
  is_error: boolean;
  // The process's exit code; 128 + n for death by signal n; 124 on timeout.
  exit_code: number;
};

// Anything `execute` can resolve to.
export type ToolResult = ToolOutput | BashOutput;

// Runs one tool call by name; never rejects.
export type Execute = (name: string, input: unknown) => Promise<ToolResult>;
