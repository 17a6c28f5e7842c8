import { GraderError } from '../grader-error.ts';
import type { TestArgs } from './test.ts';

// `dispatch-lab test --watch`: rerun on every change until the student quits.
export async function watchCommand(_args: TestArgs): Promise<number> {
  throw new GraderError(['--watch is not available yet']);
}
