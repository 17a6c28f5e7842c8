// Every program.ts command, in course order: the one list harness/main.ts, the grader and the guide derive theirs from.
// `new stage --command <new>` adds its line here.
import type { CommandDeclaration } from './declaration.ts';
import { dispatch } from './dispatch.ts';
import { protocol } from './protocol.ts';
import { registry } from './registry.ts';
import { policy } from './policy.ts';
import { loop } from './loop.ts';
import { turn } from './turn.ts';
import { mcp } from './mcp.ts';

export type { CommandDeclaration } from './declaration.ts';

export const COMMANDS: readonly CommandDeclaration[] = [
  dispatch,
  protocol,
  registry,
  policy,
  loop,
  turn,
  mcp,
];
