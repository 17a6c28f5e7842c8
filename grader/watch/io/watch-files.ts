import { join, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import { isIgnoredPath, isSourcePath } from '../core/watch-paths.ts';
import { tracePhase } from './phase-trace.ts';

/** A debounced batch of file changes. */
export type FileChanges = {
  /** Absolute paths that changed, each once. */
  paths: string[];
  /** A stage or case file was among them: the course must be reloaded. */
  isCourseChange: boolean;
};

export type WatchFilesOptions = {
  /** The student's course directory, watched whole except ignorable folders. */
  courseDir: string;
  /** The content root whose stages/ and cases/ are watched too. */
  contentRoot: string;
  /** Poll instead of using file system events (network drives, WSL, some containers). */
  isPolling: boolean;
  /** Quiet time after the last event before the batch is reported (SAVE_DEBOUNCE_MS when absent). */
  debounceMs?: number;
  onChanges: (changes: FileChanges) => void;
  onError: (error: Error) => void;
};

/** Stops watching. */
export type FileWatch = { close: () => Promise<void> };

/** Quiet time after the last file event before a rerun (`test --watch` and `ui` alike): an editor that writes twice or by
 *  rename causes one run. */
export const SAVE_DEBOUNCE_MS = 75;
/** A batch is reported at the latest this long after its first event, even if changes keep coming. */
const MAX_WAIT_MS = 1_000;

// The path relative to the innermost root that holds it, with "/" separators; undefined outside every root.
function relativeToRoots(path: string, roots: string[]): string | undefined {
  const root = roots.filter((r) => path === r || path.startsWith(r + sep)).sort((a, b) => b.length - a.length)[0];
  return root === undefined ? undefined : relative(root, path).split(sep).join('/');
}

// Watch a course directory and the course content; report debounced batches of relevant changes once ready.
export async function watchCourseFiles(options: WatchFilesOptions): Promise<FileWatch> {
  const contentDirs = [join(options.contentRoot, 'stages'), join(options.contentRoot, 'cases')];
  const roots = [options.courseDir, ...contentDirs];
  const watcher = watch(roots, {
    ignoreInitial: true,
    usePolling: options.isPolling,
    interval: 100,
    binaryInterval: 300,
    ignored: (path: string) => isIgnoredPath(relativeToRoots(path, roots) ?? ''),
  });
  let pending = new Set<string>();
  let quietTimer: NodeJS.Timeout | undefined;
  let maxTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    maxTimer = undefined;
    const paths = [...pending];
    pending = new Set();
    if (paths.length === 0) return;
    tracePhase('changes');
    const isCourseChange = paths.some((p) => contentDirs.some((d) => p.startsWith(d + sep)));
    options.onChanges({ paths, isCourseChange });
  };
  watcher.on('all', (event, path) => {
    if (event === 'addDir' || event === 'unlinkDir') return;
    const rel = relativeToRoots(path, roots);
    if (rel === undefined || !isSourcePath(rel)) return;
    if (pending.size === 0) tracePhase('file-event');
    pending.add(path);
    clearTimeout(quietTimer);
    quietTimer = setTimeout(flush, options.debounceMs ?? SAVE_DEBOUNCE_MS);
    maxTimer ??= setTimeout(flush, MAX_WAIT_MS);
  });
  watcher.on('error', (error) => options.onError(error instanceof Error ? error : new Error(String(error))));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    async close() {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      await watcher.close();
    },
  };
}
