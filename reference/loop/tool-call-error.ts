import { ToolError } from '../registry/errors.ts';

// The call itself is unusable (no id, or an id already used), so the runner does not run it.
export class ToolCallError extends ToolError {
  override readonly name = 'ToolCallError';
}
