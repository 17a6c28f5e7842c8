import type { ToolOutput, ToolResult } from './types.ts';
import { Sandbox } from './sandbox.ts';
import { view } from './tools/view.ts';
import { create } from './tools/create.ts';
import { strReplace } from './tools/str-replace.ts';
import { insert } from './tools/insert.ts';
import { glob } from './tools/glob.ts';
import { grep } from './tools/grep.ts';
import { bash } from './tools/bash.ts';
import { echo } from './tools/echo.ts';

// The tools a model can call, all working inside one sandbox directory. Arguments are whatever
// the model sent (hence `unknown`): each method checks its own and answers bad ones with an
// error result instead of throwing.
export class Tools {
  readonly #sandbox: Sandbox;

  // `root` is the sandbox directory on the host.
  constructor(readonly root: string) {
    this.#sandbox = new Sandbox(root);
  }

  // A file's numbered lines (optionally `[start, end]`), or a directory's entries.
  view(path: unknown, viewRange?: unknown): Promise<ToolOutput> {
    return view(this.#sandbox, path, viewRange);
  }

  // Writes a whole file, creating parent directories.
  create(path: unknown, fileText: unknown): Promise<ToolOutput> {
    return create(this.#sandbox, path, fileText);
  }

  // Replaces the single exact occurrence of `oldStr`.
  strReplace(path: unknown, oldStr: unknown, newStr?: unknown): Promise<ToolOutput> {
    return strReplace(this.#sandbox, path, oldStr, newStr);
  }

  // Inserts `text` after line `insertLine` (0 = top).
  insert(path: unknown, insertLine: unknown, text: unknown): Promise<ToolOutput> {
    return insert(this.#sandbox, path, insertLine, text);
  }

  // Files matching a glob, relative to the sandbox root.
  glob(pattern: unknown, path?: unknown): Promise<ToolOutput> {
    return glob(this.#sandbox, pattern, path);
  }

  // Lines matching a regular expression, as `path:line:text`.
  grep(pattern: unknown, path?: unknown, glob?: unknown): Promise<ToolOutput> {
    return grep(this.#sandbox, pattern, path, glob);
  }

  // Runs a shell command in the sandbox.
  bash(command: unknown, timeoutMs?: unknown): Promise<ToolResult> {
    return bash(this.root, command, timeoutMs);
  }

  // Returns `text` as the content.
  echo(text: unknown): Promise<ToolOutput> {
    return echo(text);
  }
}
