import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type * as esbuild from 'esbuild';
import { trackFolder } from '../../sandbox/io/exit-cleanup.ts';
import type { RunLimits } from '../../sandbox/io/case-limits.ts';
import { buildIsolated, type BuildMessage, linkProblem } from '../../sandbox/io/isolated-build.ts';
import type { Isolation } from '../../sandbox/io/isolation.ts';
import { buildCache } from './build-cache.ts';
import { sdkFamily } from './sdk-family.ts';
import { PACKAGES_LAYOUT } from '../core/family-files.ts';

export type BuildOutcome =
  | { ok: true; bundlePath: string; durationMs: number; /** The bundle came from the build cache (build-cache.ts). */ cached?: true }
  | { ok: false; errors: string[]; durationMs: number };

/** Builds a course directory's program.ts into one runnable module; rebuilds are incremental. */
export type ProgramBuilder = {
  /** Builds the program; `signal` (Ctrl-C, SIGTERM) stops a build at once, as a failed build. */
  build(signal?: AbortSignal): Promise<BuildOutcome>;
  /** Stops the builder and removes its output. */
  dispose(): Promise<void>;
};

/** One esbuild build of program.ts on the host, kept for incremental rebuilds; a success lists the files it read. */
type HostBuild = {
  build(): Promise<{ ok: true; inputs: string[]; output: { bundle: Uint8Array; map?: Uint8Array } } | { ok: false; errors: string[] }>;
  /** Builds once in memory, writing nothing, so that the next build() is incremental (see createProgramBuilder). */
  prime(): Promise<void>;
  /** Asks esbuild to stop the build in progress (it may not stop at once: a FIFO it waits on). */
  cancel(): Promise<void>;
  dispose(): Promise<void>;
};

// "program.ts:3:5: error text" lines, relative to the course directory, with the offending source line.
function formatMessages(messages: BuildMessage[], courseDir: string): string[] {
  return messages.map((m) => {
    if (!m.location) return m.text;
    const where = `${relative(courseDir, join(courseDir, m.location.file)) || m.location.file}:${m.location.line}:${m.location.column + 1}`;
    return `${where}: ${m.text}\n    ${m.location.lineText.trim()}`;
  });
}

// The esbuild options of a host build of `courseDir`'s program.ts into `bundlePath` (its packages all left to node).
function hostOptions(courseDir: string, bundlePath: string): esbuild.BuildOptions {
  return {
    entryPoints: [join(courseDir, 'program.ts')],
    absWorkingDir: courseDir,
    outfile: bundlePath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Linked, not inline: with --enable-source-maps node measures every line of a module that names a map, and an inline
    // map is most of the bundle's text (~8 ms a case); the map file itself is read the same, and stacks map the same.
    sourcemap: 'linked',
    logLevel: 'silent',
    metafile: true,
    packages: 'external',
  };
}

// An incremental esbuild build of the program. esbuild and the package inliner load here, on the first build the
// cache cannot answer: a run that reuses a cached bundle never starts esbuild. esbuild builds in memory and build()
// writes its files (the bundle and its map), so that prime() can run while cases read the bundle.
async function hostBuild(courseDir: string, outDir: string, bundlePath: string): Promise<HostBuild> {
  const esbuild = await import('esbuild');
  const { packageInliner } = await import('./package-inlining.ts');
  const plain: esbuild.BuildOptions = { ...hostOptions(courseDir, bundlePath), write: false };
  const { packages: _external, ...options } = plain;
  // The MCP SDK's packages bundled ahead beside the program (package-inlining.ts); should that build fail, the program
  // is built as before, its packages all left to node.
  const inliner = packageInliner(courseDir, outDir);
  let context = await esbuild.context(inliner ? { ...options, plugins: [inliner.plugin] } : plain);
  let usesInliner = inliner !== undefined;
  return {
    async prime() {
      await context.rebuild().catch(() => undefined);
    },
    async build() {
      try {
        let result = await context.rebuild();
        if (usesInliner && inliner && (await inliner.build()).length > 0) {
          await context.dispose();
          context = await esbuild.context(plain);
          usesInliner = false;
          result = await context.rebuild();
        }
        const files = result.outputFiles ?? [];
        for (const file of files) await writeFile(file.path, file.contents);
        const output = { bundle: files.find((f) => f.path === bundlePath)?.contents ?? new Uint8Array(), map: files.find((f) => f.path === `${bundlePath}.map`)?.contents };
        return { ok: true, inputs: Object.keys(result.metafile?.inputs ?? {}), output };
      } catch (error) {
        const errors = (error as esbuild.BuildFailure).errors;
        if (!Array.isArray(errors)) return { ok: false, errors: [String(error)] };
        return { ok: false, errors: formatMessages(errors, courseDir) };
      }
    },
    cancel: () => context.cancel(),
    dispose: () => context.dispose(),
  };
}

/** How long dispose() waits for a build given up by a stop signal to end, before removing the output regardless. */
const GIVEN_UP_WAIT_MS = 1_000;

// Whether `promise` settled within `ms` (a rejection counts as settled).
async function withinMs(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

// Kill this process's esbuild service (its child named esbuild): the last resort for a build blocked on a FIFO, which
// no cancel reaches; esbuild's API then fails what was pending, and the grader can exit.
function killEsbuildServices(): void {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (stat.includes('(esbuild)') && Number(after[1]) === process.pid) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // Gone, or not ours to read.
    }
  }
}

/** What a build given up by a stop signal gives. */
const STOPPED = { ok: false as const, errors: ['the build was stopped (the grader was asked to stop)'] };

// The build's result, or a stopped build's as soon as `signal` aborts.
async function untilStopped<T>(build: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof STOPPED> {
  if (!signal) return build;
  if (signal.aborted) return STOPPED;
  let onAbort = () => {};
  const stopped = new Promise<typeof STOPPED>((resolve) => {
    onAbort = () => resolve(STOPPED);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([build, stopped]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

// A builder whose output lives in a private folder under <courseDir>/.dispatch-lab/build, so parallel runs never collide.
// With isolation (--isolate), every build runs inside the submission's sandbox (isolated-build.ts), and no cache is
// read or written; else on the host, incrementally, the first build answered from the build cache when it can.
// `willRebuild` (watch, ui): after a first build answered from the cache, esbuild builds once in the background, in
// memory, so that the first save is an incremental rebuild as fast as any later one.
export async function createProgramBuilder(
  courseDir: string,
  outputId: string,
  sandbox?: { isolation: Isolation; limits?: RunLimits },
  { willRebuild = false }: { willRebuild?: boolean } = {},
): Promise<ProgramBuilder> {
  const outDir = join(courseDir, '.dispatch-lab', 'build', outputId);
  const bundlePath = join(outDir, 'program.mjs');
  // A grader that exits at once (a second Ctrl-C) still removes it.
  const untrack = trackFolder(outDir);
  if (sandbox) {
    let builds = 0;
    return {
      // Each build writes a new file: the one a running case reads is never rewritten under it.
      build: (signal) => buildIsolated({ ...sandbox, courseDir, outDir, bundlePath: join(outDir, `program-${++builds}.mjs`), format: (m) => formatMessages(m, courseDir), ...(signal ? { signal } : {}) }),
      async dispose() {
        await rm(outDir, { recursive: true, force: true });
        untrack();
      },
    };
  }
  const problem = await linkProblem(courseDir, outDir);
  if (problem) {
    untrack();
    return { build: async () => ({ ok: false, errors: [problem], durationMs: 0 }), dispose: async () => {} };
  }
  // What decides the bundle besides the files read: the options (the output folder's name aside) and the SDK's packages
  // that get inlined, with their versions.
  const { outfile: _outfile, ...options } = hostOptions(courseDir, bundlePath);
  const cache = buildCache(courseDir, { options, inlined: [...sdkFamily(courseDir)].sort(([a], [b]) => (a < b ? -1 : 1)), layout: PACKAGES_LAYOUT });
  let host: Promise<HostBuild> | undefined;
  let isFirst = true;
  // The last build's cache write: off the path to the first case (it hashes every input), awaited by dispose().
  let storing: Promise<void> = Promise.resolve();
  // The last build: one given up by a stop signal may still run, and the next waits for it (one esbuild rebuild at a time).
  let lastBuild: Promise<unknown> = Promise.resolve();
  // Whether a build was given up by a stop signal: only then may one still be running when the builder is disposed.
  let wasGivenUp = false;
  return {
    async build(signal) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // Only the first build asks the cache: later ones follow an edit, which esbuild's incremental rebuild handles best.
      const mayRestore = isFirst;
      isFirst = false;
      if (mayRestore && (await cache.restore(bundlePath).catch(() => false))) {
        if (willRebuild) {
          host = hostBuild(courseDir, outDir, bundlePath).then(async (h) => (await h.prime(), h));
          // A failure here is the next build's to report, not an unhandled rejection now.
          host.catch(() => undefined);
        }
        return { ok: true, bundlePath, durationMs: elapsed(), cached: true };
      }
      const current = (host ??= hostBuild(courseDir, outDir, bundlePath));
      // esbuild cannot be stopped half way (a FIFO it waits on): a stopped build is given up, and esbuild's service goes
      // with the grader.
      const building = lastBuild.then(async () => (await current).build());
      lastBuild = building.catch(() => undefined);
      const built = await untilStopped(building, signal);
      if (built === STOPPED) wasGivenUp = true;
      if (!built.ok) return { ok: false, errors: built.errors, durationMs: elapsed() };
      storing = storing.then(() => cache.store(bundlePath, built.inputs, built.output)).catch(() => undefined);
      return { ok: true, bundlePath, durationMs: elapsed() };
    },
    async dispose() {
      await storing;
      const built = await host?.catch(() => undefined);
      // A build given up by a stop signal writes its files when it ends: it ends (or is waited for no longer) first. One
      // that does not end (esbuild waits on a FIFO the course holds) ends with esbuild's service, killed. Never without a
      // given-up build: the service is the process's, esbuild does not start another once it is killed, and other
      // builders of the same process use it (grade's next submissions, the mutants test's stages side by side); a
      // cancel that is merely slow on a busy machine is no reason to fail their builds.
      const hasEnded = await withinMs(Promise.all([built?.cancel(), lastBuild]).then(() => true), GIVEN_UP_WAIT_MS);
      if (!hasEnded && wasGivenUp) killEsbuildServices();
      await withinMs(built?.dispose() ?? Promise.resolve(), GIVEN_UP_WAIT_MS);
      await rm(outDir, { recursive: true, force: true });
      untrack();
    },
  };
}
