import { mkdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { trackFolder } from '../../sandbox/io/exit-cleanup.ts';
import type { RunLimits } from '../../sandbox/io/case-limits.ts';
import { buildIsolated, type BuildMessage } from '../../sandbox/io/isolated-build.ts';
import type { Isolation } from '../../sandbox/io/isolation.ts';
import { packageInliner } from './package-inlining.ts';

export type BuildOutcome =
  | { ok: true; bundlePath: string; durationMs: number }
  | { ok: false; errors: string[]; durationMs: number };

/** Builds a course directory's program.ts into one runnable module; rebuilds are incremental. */
export type ProgramBuilder = {
  build(): Promise<BuildOutcome>;
  /** Stops the builder and removes its output. */
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

// A builder whose output lives in a private folder under <courseDir>/.dispatch-lab/build, so parallel runs never collide.
// With isolation (--isolate), every build runs inside the submission's sandbox (isolated-build.ts); else on the host, incrementally.
export async function createProgramBuilder(courseDir: string, outputId: string, sandbox?: { isolation: Isolation; limits?: RunLimits }): Promise<ProgramBuilder> {
  const outDir = join(courseDir, '.dispatch-lab', 'build', outputId);
  const bundlePath = join(outDir, 'program.mjs');
  // A grader that exits at once (a second Ctrl-C) still removes it.
  const untrack = trackFolder(outDir);
  if (sandbox) {
    let builds = 0;
    return {
      // Each build writes a new file: the one a running case reads is never rewritten under it.
      build: () => buildIsolated({ ...sandbox, courseDir, outDir, bundlePath: join(outDir, `program-${++builds}.mjs`), format: (m) => formatMessages(m, courseDir) }),
      async dispose() {
        await rm(outDir, { recursive: true, force: true });
        untrack();
      },
    };
  }
  await mkdir(outDir, { recursive: true });
  const options: esbuild.BuildOptions = {
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
  };
  const plain: esbuild.BuildOptions = { ...options, packages: 'external' };
  // The MCP SDK's packages bundled ahead beside the program (package-inlining.ts); should that build fail, the program
  // is built as before, its packages all left to node.
  const inliner = packageInliner(courseDir, outDir);
  let context = await esbuild.context(inliner ? { ...options, plugins: [inliner.plugin] } : plain);
  let usesInliner = inliner !== undefined;
  return {
    async build() {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        await context.rebuild();
        if (usesInliner && inliner && (await inliner.build()).length > 0) {
          await context.dispose();
          context = await esbuild.context(plain);
          usesInliner = false;
          await context.rebuild();
        }
        return { ok: true, bundlePath, durationMs: elapsed() };
      } catch (error) {
        const errors = (error as esbuild.BuildFailure).errors;
        if (!Array.isArray(errors)) return { ok: false, errors: [String(error)], durationMs: elapsed() };
        return { ok: false, errors: formatMessages(errors, courseDir), durationMs: elapsed() };
      }
    },
    async dispose() {
      await context.dispose();
      await rm(outDir, { recursive: true, force: true });
      untrack();
    },
  };
}
