import type { ToolOutput } from './types.ts';
import { failure } from './results.ts';

// Why a step refused to go on: returned (not thrown) by argument checks and path resolution.
export class Failure {
  // The whole message the model will read, "Error: " prefix included.
  constructor(readonly message: string) {}

  // The error result that reports this failure.
  toOutput(): ToolOutput {
    return failure(this.message);
  }
}
