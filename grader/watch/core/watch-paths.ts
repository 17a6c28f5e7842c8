// Which file system paths watch mode reacts to. Paths are relative to a watched root, with "/" separators.

/** Folders that never hold the student's code. */
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'coverage']);

/** Files editors write beside the real one while saving (swap files, backups, safe-write temporaries). */
const EDITOR_LITTER = [/~$/, /\.sw[a-p]$/, /\.(tmp|bak|orig)$/, /^4913$/, /___jb_(tmp|old)___$/, /^#.*#$/];

// Whether a change at this path is noise: dependencies, build output, dot-dirs (.git, .dispatch-lab, editor folders), editor litter.
export function isIgnoredPath(relativePath: string): boolean {
  const parts = relativePath.split('/').filter((p) => p !== '' && p !== '.');
  return parts.some((part, i) => part.startsWith('.') || IGNORED_DIRS.has(part) || (i === parts.length - 1 && EDITOR_LITTER.some((re) => re.test(part))));
}

/** Files whose change can change a run: code, and JSON (package.json, tsconfig, stage manifest, case files). */
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/;

// Whether a changed file should trigger a rerun; logs or data a program writes beside its code do not.
export function isSourcePath(relativePath: string): boolean {
  return !isIgnoredPath(relativePath) && SOURCE_EXTENSIONS.test(relativePath);
}
