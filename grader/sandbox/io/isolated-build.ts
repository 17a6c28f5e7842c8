import { randomUUID } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseBuildOutput } from '../core/build-output.ts';
import { formatBytes } from '../core/limits.ts';
import { isWithin } from '../core/sandbox-plan.ts';
import type { RunLimits } from './case-limits.ts';
import { trackFolder } from './exit-cleanup.ts';
import { ownTag } from './leftover-sweep.ts';
import { buildInputRoots, type Isolation, isReachableByOthers, sandboxPathsFor } from './isolation.ts';
import { runCase } from '../../run/io/run-case.ts';
import { sdkFamily } from '../../run/io/sdk-family.ts';
import { BASE64_SUFFIX, MESSAGES_PREFIX, SANDBOX_BUILD_SCRIPT, type SandboxBuildConfig } from './sandbox-build-script.ts';
import { familyBundleHeader } from '../../run/core/family-files.ts';
import { familyLoaderSource } from '../../run/io/family-scripts.ts';

// cjs-module-lexer's JavaScript build, as text: the build script in the sandbox, which cannot load the grader's
// packages, runs it to find the names a CommonJS module exports.
let lexerText: Promise<string> | undefined;
function lexerSource(): Promise<string> {
  lexerText ??= readFile(createRequire(import.meta.url).resolve('cjs-module-lexer'), 'utf8');
  return lexerText;
}

// Under --isolate the submission is built inside the sandbox its cases run in, under the same memory and process limits:
// the build sees only what a case sees (a hidden folder is empty, a root-only file unreadable) and, on top of that, may
// load only regular files of the submission and its node_modules; it has a time limit and its bundle a size limit.

/** What an isolated build gives (the shape of build-program.ts's BuildOutcome). */
export type IsolatedBuildOutcome = { ok: true; bundlePath: string; durationMs: number } | { ok: false; errors: string[]; durationMs: number };

/** How long an isolated build may take; DISPATCH_LAB_BUILD_TIMEOUT_MS changes it (tests of a hanging build). */
export const BUILD_TIMEOUT_MS = 60_000;
/** The largest bundle an isolated build may write. */
export const BUILD_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;
/** The most bytes of input files an isolated build may read. */
const BUILD_INPUT_LIMIT_BYTES = 32 * 1024 * 1024;

/** esbuild's entry module and native binary on this machine, and the folders that hold them (shown read-only in the sandbox). */
type EsbuildFiles = { entry: string; binary?: string; folders: string[] };

function esbuildFiles(): EsbuildFiles {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('esbuild');
  const packageDir = dirname(require.resolve('esbuild/package.json'));
  try {
    const native = dirname(createRequire(entry).resolve(`@esbuild/${process.platform}-${process.arch}/package.json`));
    return { entry, binary: join(native, 'bin', 'esbuild'), folders: [packageDir, native] };
  } catch {
    // esbuild finds its binary its own way (an install without the optional package).
    return { entry, folders: [packageDir] };
  }
}

// Under a root grader the build runs as nobody, who cannot reach an esbuild installed under /root (npx's cache, say):
// then a copy readable by every user, made once per run in the grader's temp folder (removed at exit), serves every build.
let readableCopy: Promise<EsbuildFiles> | undefined;
async function esbuildFor(isolation: Isolation): Promise<EsbuildFiles> {
  const files = esbuildFiles();
  if (!isolation.runAs || files.folders.every(isReachableByOthers)) return files;
  readableCopy ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), `dispatch-lab-esbuild-${ownTag()}-`));
    trackFolder(dir);
    await chmod(dir, 0o755);
    const packageDir = files.folders[0] as string;
    // Fresh files (not copies of the modes that kept nobody out): the package's manifest and entry, and the binary.
    const entry = join(dir, 'esbuild', relative(packageDir, files.entry));
    await mkdir(dirname(entry), { recursive: true, mode: 0o755 });
    await writeFile(join(dir, 'esbuild', 'package.json'), await readFile(join(packageDir, 'package.json')), { mode: 0o644 });
    await writeFile(entry, await readFile(files.entry), { mode: 0o644 });
    const binary = join(dir, 'esbuild-binary');
    if (files.binary) await writeFile(binary, await readFile(files.binary), { mode: 0o755 });
    return { entry, ...(files.binary ? { binary } : {}), folders: [dir] };
  })();
  return readableCopy;
}

function buildTimeoutMs(): number {
  const asked = Number(process.env.DISPATCH_LAB_BUILD_TIMEOUT_MS);
  return Number.isInteger(asked) && asked > 0 ? asked : BUILD_TIMEOUT_MS;
}

// Where the grader writes inside a submission must be real folders: a link planted there would send the grader's writes
// elsewhere (and its removal of the build folder with them). Makes the output folder when they are.
export async function linkProblem(courseDir: string, outDir: string): Promise<string | undefined> {
  for (const dir of [join(courseDir, '.dispatch-lab'), join(courseDir, '.dispatch-lab', 'build')]) {
    const stat = await lstat(dir).catch(() => undefined);
    if (stat && !stat.isDirectory()) return `${dir} is not a folder (a link?): the grader writes the built program there; remove it`;
  }
  await mkdir(outDir, { recursive: true });
  return undefined;
}

/** One message of the build, as esbuild gives it. */
export type BuildMessage = { text: string; location?: { file: string; line: number; column: number; lineText: string } | null };

// The build's messages from its stderr (one JSON line), or the stderr itself when the build ended before writing them.
function messagesOf(stderr: string): BuildMessage[] {
  const line = stderr.split('\n').find((l) => l.startsWith(MESSAGES_PREFIX));
  if (line) {
    try {
      return JSON.parse(line.slice(MESSAGES_PREFIX.length));
    } catch {
      // Cut by the output limit: fall through to the raw text.
    }
  }
  return [{ text: stderr.trim().split('\n').slice(-5).join('\n') || 'the build ended without a word' }];
}

/** Turns esbuild-shaped messages into "file:line:col: text" lines. */
export type FormatMessages = (messages: BuildMessage[]) => string[];

// Build program.ts inside the sandbox into `bundlePath` (in `outDir`); the outcome says why not, as a build error.
export async function buildIsolated(options: { courseDir: string; outDir: string; bundlePath: string; isolation: Isolation; limits?: RunLimits; format: FormatMessages; signal?: AbortSignal }): Promise<IsolatedBuildOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (errors: string[]): IsolatedBuildOutcome => ({ ok: false, errors, durationMs: elapsed() });
  const problem = await linkProblem(options.courseDir, options.outDir);
  if (problem) return failed([problem]);
  const esbuild = await esbuildFor(options.isolation);
  const allowed = buildInputRoots(options.courseDir);
  // A hidden folder inside an allowed one (node_modules/dispatch-lab in the submission) is empty in the sandbox too.
  const denied = sandboxPathsFor(options.isolation, options.courseDir, options.outDir).hidden.filter((h) => allowed.some((root) => h !== root && isWithin(h, root)));
  // The bundle's own packages folder: a rebuild (watch) never writes under a case that runs the one before.
  const packagesDir = `${basename(options.bundlePath, '.mjs')}-packages`;
  // Names this build's packages bundle, which its code cache must name too.
  const buildId = randomUUID();
  const config: SandboxBuildConfig = {
    esbuild: pathToFileURL(esbuild.entry).href,
    ...(esbuild.binary ? { esbuildBinary: esbuild.binary } : {}),
    courseDir: options.courseDir,
    outfile: options.bundlePath,
    allowed,
    denied,
    maxInputBytes: BUILD_INPUT_LIMIT_BYTES,
    family: [...sdkFamily(options.courseDir, allowed).keys()].sort(),
    packagesDir,
    lexer: await lexerSource(),
    loader: familyLoaderSource(),
    bundleHeader: familyBundleHeader(buildId),
  };
  const timeoutMs = buildTimeoutMs();
  const run = await runCase({
    bundlePath: options.bundlePath,
    command: 'build',
    program: [process.execPath, '--input-type=module', '-e', SANDBOX_BUILD_SCRIPT, JSON.stringify(config)],
    courseDir: options.courseDir,
    stdin: '',
    timeoutMs,
    outputLimitBytes: BUILD_OUTPUT_LIMIT_BYTES,
    isolation: { ...options.isolation, tools: [...options.isolation.tools, ...esbuild.folders] },
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.signal?.aborted) return failed(['the build was stopped (the grader was asked to stop)']);
  if (run.timedOut) return failed([`the build took longer than ${Math.round(timeoutMs / 1000)} s, the limit under --isolate (does program.ts import a FIFO, or a file that never ends?)`]);
  if (run.limitHit === 'memory') return failed([`the build used more than ${formatBytes(options.limits?.settings.memoryBytes ?? 0)} of memory (--memory)`]);
  if (run.limitHit === 'processes') return failed(['the build tried to run too many processes (--max-procs)']);
  if (run.stdoutDroppedBytes > 0) return failed([`the built program is larger than ${formatBytes(BUILD_OUTPUT_LIMIT_BYTES)}, the limit under --isolate`]);
  if (run.exitCode !== 0) return failed(options.format(messagesOf(run.stderr)));
  const bundleName = basename(options.bundlePath);
  const files = parseBuildOutput(run.stdout, bundleName, packagesDir);
  if (!files) return failed(['the isolated build\'s output could not be read (it was not the files of one build): a fault of the grader, please report it']);
  // The bundle last: a case never starts from a bundle whose packages are not written yet.
  for (const name of [...files.keys()].filter((n) => n !== bundleName).concat(bundleName)) {
    const path = join(options.outDir, name);
    await mkdir(dirname(path), { recursive: true });
    const text = files.get(name) as string;
    if (name.endsWith(BASE64_SUFFIX)) await writeFile(path.slice(0, -BASE64_SUFFIX.length), Buffer.from(text, 'base64'), { flag: 'wx' });
    else await writeFile(path, text, { flag: 'wx' });
  }
  return { ok: true, bundlePath: options.bundlePath, durationMs: elapsed() };
}
