import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import type { ProtocolReply } from '../protocol/types.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // workspace-protocol: the raw request text in, what to print and the exit code out.
    handleProtocolRequest?: (requestText: string) => Promise<ProtocolReply>;
  }
}

// `protocol`: the stdin text to the solution untouched, its reply printed as it is.
export const protocol: CommandDeclaration = {
  name: 'protocol',
  input: {
    description: 'Hands the raw stdin text to the solution\'s handleProtocolRequest and prints its reply with its exit code: malformed requests are the lesson, so any text or JSON.',
    examples: [{ op: 'dispatch', workspace: { 'a.txt': 'A' }, call: { tool: 'read_file', args: { path: 'a.txt' } } }],
  },
  rawInput: true,
  exports: [{ name: 'handleProtocolRequest', required: false }],
  run: async (stdinText, solution) => (await import('../protocol/run-protocol.ts')).runProtocol(stdinText, solution),
};
