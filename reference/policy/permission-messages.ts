// The texts of the four policy refusals. Each becomes `{content, is_error: true}`; the
// "PermissionError: " prefix keeps them apart from "unknown tool: …" and "ValidationError: …".

// The tool is not on the allow-list.
export function notPermitted(name: string): string {
  return `PermissionError: tool '${name}' is not permitted`;
}

// The tool is on the deny-list.
export function blocked(name: string): string {
  return `PermissionError: tool '${name}' is blocked`;
}

// The tool's quota of calls is used up.
export function quotaExhausted(name: string, usedCalls: number, limit: number): string {
  return `PermissionError: quota exhausted for '${name}' (${usedCalls} of ${limit} calls used)`;
}

// The user said no (or did not answer) when asked about a high-risk call.
export function userDenied(name: string): string {
  return `PermissionError: user denied '${name}'`;
}
