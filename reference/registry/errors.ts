// Why a registered call did not produce a result: the three kinds a runtime tells apart.

// A tool error the model can read; subclasses say which step refused.
export class ToolError extends Error {}

// The name is not registered.
export class UnknownToolError extends ToolError {
  override readonly name = 'UnknownToolError';

  constructor(readonly toolName: string) {
    super(`unknown tool: ${toolName}`);
  }
}

// The input broke the tool's schema; the handler did not run. The message is the part after "ValidationError: ".
export class ToolValidationError extends ToolError {
  override readonly name = 'ToolValidationError';
}

// The handler started and threw.
export class ToolExecutionError extends ToolError {
  override readonly name = 'ToolExecutionError';
}
