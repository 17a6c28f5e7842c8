// permissions: the policy a case sends beside its calls.
export type Policy = {
  // Only these tools may run; absent: every registered tool.
  allow?: string[];
  // These tools never run.
  deny?: string[];
  // Per tool: how many calls may run in this process.
  quota?: Record<string, number>;
  // These tools run only when the user confirms the call.
  high_risk?: string[];
};

// Asks the user about one high-risk call; the case input holds the answers.
export type Confirm = (name: string, input: unknown) => Promise<boolean>;
