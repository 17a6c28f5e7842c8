import { ToolError } from '../registry/errors.ts';
import { errorResult } from '../registry/registry.ts';
import { ToolCallError } from './tool-call-error.ts';

// What became of one call, as the model will read it (before encoding): `ok: true` with the
// result's fields, or `ok: false` with the error text and the kind of error.
export type Outcome = { ok: boolean; [field: string]: unknown };

// A result the registry returned (an object: every course tool answers with one). `is_error` becomes `ok`;
// an error result's `content` becomes `error`, typed ToolExecutionError (the tool ran and failed); other
// fields (bash's exit_code) stay.
export function resultOutcome(result: unknown): Outcome {
  const { is_error: isError, ...fields } = result as Record<string, unknown>;
  if (isError !== true) return { ...fields, ok: true };
  const { content, ...others } = fields;
  return { ...others, error: content, error_type: 'ToolExecutionError', ok: false };
}

// A refusal: the registry's error text ("unknown tool: x", "ValidationError: …", "Error: …") or
// the ToolCallError's message, typed by the error's class.
export function errorOutcome(error: ToolError): Outcome {
  const text = error instanceof ToolCallError ? error.message : errorResult(error).content;
  return { error: text, error_type: error.name, ok: false };
}
