// Mutant: every refusal of the registry is typed ToolExecutionError.
// Replaces: reference/loop/outcome.ts
// Caught by: unknown-tool-then-recovery,bad-arguments
import { errorResult } from '../../../reference/registry/registry.ts';
import { ToolCallError } from '../../../reference/loop/tool-call-error.ts';

// What became of one call, as the model will read it (before encoding): `ok: true` with the
// result's fields, or `ok: false` with the error text and the kind of error.
export type Outcome = { ok: boolean; [field: string]: unknown };

// A result the registry returned. `is_error` becomes `ok`; an error result's `content` becomes
// `error`, typed ToolExecutionError (the tool ran and failed); other fields (bash's exit_code) stay.
export function resultOutcome(result: unknown): Outcome {
  const { is_error: isError, ...fields } = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : { content: result };
  if (isError !== true) return { ...fields, ok: true };
  const { content, ...others } = fields;
  return { ...others, error: content, error_type: 'ToolExecutionError', ok: false };
}

// A refusal: the registry's error text ("unknown tool: x", "ValidationError: …", "Error: …") or
// the ToolCallError's message, typed by the error's class.
export function errorOutcome(error: unknown): Outcome {
  if (error instanceof ToolCallError) return { error: error.message, error_type: error.name, ok: false };
  const type = 'ToolExecutionError';
  return { error: errorResult(error).content, error_type: type, ok: false };
}
