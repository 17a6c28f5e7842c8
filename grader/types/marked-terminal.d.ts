// marked-terminal ships no types: the one function the grader calls.
declare module 'marked-terminal' {
  import type { MarkedExtension } from 'marked';

  export function markedTerminal(options?: Record<string, unknown>, highlightOptions?: Record<string, unknown>): MarkedExtension;
}
