import type { Confirm, Policy } from '../harness/policy/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The policy dispatcher (stage permissions, `npx dispatch-lab show permissions`): the registry's
// execute with a policy step between validation and the handler. The returned function must
// never reject: every refusal is an error result `{ content, is_error: true }`.
//
// TODO(permissions): for each call, in this order, stop at the first step that refuses:
//   1. unknown tool → the registry's `unknown tool: <name>` result
//   2. validation   → the registry's `ValidationError: …` result
//   3. allow-list   → `PermissionError: tool '<name>' is not permitted`
//   4. deny-list    → `PermissionError: tool '<name>' is blocked`
//   5. quota        → `PermissionError: quota exhausted for '<name>' (<used> of <limit> calls used)`
//   6. high_risk    → `await confirm(name, input)`; no → `PermissionError: user denied '<name>'`
//   7. run the handler, and count the call against its quota.
// Steps 1–2 without step 7 need a way to check a call without running it: your registry's
// `execute` does both at once. Split it (say `prepare(name, input)` that throws on an unknown
// tool or invalid input, and `run(prepared)`), then take your registry's own class here instead
// of `Registry` and have makeRegistry in src/registry.ts return that class too.
export function withPolicy(registry: Registry, policy: Policy, confirm: Confirm): (name: string, input: unknown) => Promise<unknown> {
  void [registry, policy, confirm];
  throw new NotImplementedError('withPolicy in src/policy.ts');
}
