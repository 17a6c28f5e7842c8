// permissions: the policy a case sends beside its calls, and how the dispatcher asks the user.
// Names in every list are exact registered tool names (case-sensitive, no aliases).
export type Policy = {
  // Only these tools may run; absent: every registered tool. An empty list allows nothing.
  allow?: string[];
  // These tools never run (checked after the allow-list, so a tool on both is blocked).
  deny?: string[];
  // Per tool: how many of its calls may run (reach the handler) while one dispatcher lives; 0 blocks it.
  quota?: Record<string, number>;
  // These tools run only when the user confirms the call.
  high_risk?: string[];
};

// Asks the user about one high-risk call (its tool name and validated input); true means yes.
// In a case, the answers come from the input's `confirmations`, in order; once they run out, no.
export type Confirm = (name: string, input: unknown) => Promise<boolean>;
