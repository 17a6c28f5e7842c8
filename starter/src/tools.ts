import type { BashOutput, ToolOutput } from './types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The tools a model can call, each working inside one sandbox directory (`root`).
// Arguments are whatever the model sent: check them and answer bad ones with an error result.
// `npx dispatch-lab show <stage>` gives the exact contract of each method.
export class Tools {
  constructor(readonly root: string) {}

  // TODO(view): a file's numbered lines ("1: A"), optionally [start, end]; a directory's entries.
  async view(path: unknown, viewRange?: unknown): Promise<ToolOutput> {
    void [path, viewRange];
    throw new NotImplementedError('Tools.view in src/tools.ts');
  }

  // TODO(create): write a whole file, creating parent directories.
  async create(path: unknown, fileText: unknown): Promise<ToolOutput> {
    void [path, fileText];
    throw new NotImplementedError('Tools.create in src/tools.ts');
  }

  // TODO(str-replace): replace the one exact occurrence of oldStr (newStr defaults to "").
  async strReplace(path: unknown, oldStr: unknown, newStr?: unknown): Promise<ToolOutput> {
    void [path, oldStr, newStr];
    throw new NotImplementedError('Tools.strReplace in src/tools.ts');
  }

  // TODO(insert): insert text after line insertLine (0 = the top).
  async insert(path: unknown, insertLine: unknown, text: unknown): Promise<ToolOutput> {
    void [path, insertLine, text];
    throw new NotImplementedError('Tools.insert in src/tools.ts');
  }

  // TODO(glob): files matching a pattern, relative to the sandbox root, sorted.
  async glob(pattern: unknown, path?: unknown): Promise<ToolOutput> {
    void [pattern, path];
    throw new NotImplementedError('Tools.glob in src/tools.ts');
  }

  // TODO(grep): lines matching a regular expression, as path:line:text.
  async grep(pattern: unknown, path?: unknown, glob?: unknown): Promise<ToolOutput> {
    void [pattern, path, glob];
    throw new NotImplementedError('Tools.grep in src/tools.ts');
  }

  // TODO(bash): run a command with bash -c in the sandbox; stdout then stderr, exit code, timeout.
  // Bad parameters (nothing ran) are a plain error result `{ content, is_error: true }`.
  async bash(command: unknown, timeoutMs?: unknown): Promise<BashOutput | ToolOutput> {
    void [command, timeoutMs];
    throw new NotImplementedError('Tools.bash in src/tools.ts');
  }
}
