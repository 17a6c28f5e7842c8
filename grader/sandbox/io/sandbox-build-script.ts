// The program that builds a submission inside its sandbox (--isolate): `node --input-type=module -e SCRIPT CONFIG`.
// It bundles program.ts with esbuild as an unisolated build does, but every file esbuild loads must be a regular file
// whose real path lies in the submission or a node_modules folder it loads packages from; the bundle and its map go to
// stdout (in the form core/build-output.ts reads), the build's messages to stderr as one JSON line.

/** What the script is given (as JSON, its one argument). */
export type SandboxBuildConfig = {
  /** esbuild's entry module (file URL) and, when found, its binary: both shown read-only in the sandbox. */
  esbuild: string;
  esbuildBinary?: string;
  courseDir: string;
  /** Where the bundle will live on the host (its inline source map is relative to it). */
  outfile: string;
  /** Real paths every input file must lie in: the submission and its node_modules folders. */
  allowed: string[];
  /** Real paths no input file may lie in, even inside an allowed one: the hidden folders (node_modules/dispatch-lab). */
  denied: string[];
  /** The most bytes all input files may have together. */
  maxInputBytes: number;
};

/** Marks the line of stderr that holds the build's messages as JSON. */
export const MESSAGES_PREFIX = 'dispatch-lab-build-messages:';

// Plain JavaScript: node runs it as it is, with no build step of its own.
export const SANDBOX_BUILD_SCRIPT = `
import { realpathSync, statSync } from 'node:fs';
const config = JSON.parse(process.argv[1]);
if (config.esbuildBinary) process.env.ESBUILD_BINARY_PATH = config.esbuildBinary;
const esbuild = await import(config.esbuild);
const within = (path, root) => path === root || path.startsWith(root.endsWith('/') ? root : root + '/');
let total = 0;
const guard = {
  name: 'dispatch-lab-inputs',
  setup(build) {
    build.onLoad({ filter: /.*/ }, (args) => {
      const refuse = (why) => ({ errors: [{ text: 'refused to build ' + JSON.stringify(args.path) + ': ' + why }] });
      let real, stat;
      try {
        real = realpathSync(args.path);
        stat = statSync(real);
      } catch (error) {
        return refuse('it cannot be read (' + (error.code || error.message) + ')');
      }
      if (!config.allowed.some((root) => within(real, root))) return refuse('it is ' + (real === args.path ? '' : 'a link to ' + JSON.stringify(real) + ', ') + 'outside the submission and its node_modules; a submission may import only its own files and installed packages');
      if (config.denied.some((root) => within(real, root))) return refuse("it lies in a folder hidden from the submission (the grader's own files or another submission)");
      if (!stat.isFile()) return refuse('it is not a regular file (a FIFO, device, socket or folder cannot be imported)');
      total += stat.size;
      if (total > config.maxInputBytes) return refuse('the files imported so far hold more than ' + config.maxInputBytes + ' bytes, the most a build may read');
      return undefined;
    });
  },
};
const messages = (list) => list.map((m) => ({ text: m.text, location: m.location && { file: m.location.file, line: m.location.line, column: m.location.column, lineText: m.location.lineText } }));
try {
  const result = await esbuild.build({
    entryPoints: [config.courseDir + '/program.ts'], absWorkingDir: config.courseDir, outfile: config.outfile, write: false,
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'silent', plugins: [guard],
  });
  const code = result.outputFiles.find((f) => f.path === config.outfile).text;
  const map = result.outputFiles.find((f) => f.path === config.outfile + '.map');
  process.stdout.write(code.length + '\\n' + code + (map ? map.text : ''));
} catch (error) {
  const list = Array.isArray(error.errors) ? messages(error.errors) : [{ text: String(error) }];
  process.stderr.write('\\n${MESSAGES_PREFIX}' + JSON.stringify(list) + '\\n');
  process.exitCode = 1;
}
`;
