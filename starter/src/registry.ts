import type { Registry } from '../harness/registry/types.ts';
import type { Tools } from './tools.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(validate-args): a registry of described tools that validates each call before its handler runs.
export function makeRegistry(tools: Tools): Registry {
  void tools;
  throw new NotImplementedError('makeRegistry in src/registry.ts');
}
