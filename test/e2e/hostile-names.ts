import { LAUNCHERS } from './launchers.ts';

// What the hostile-name tests of issue 36 share (hostile-host-paths.test.ts, grade-hostile-files.test.ts, isolate-proc.test.ts).

/** Each launcher here, as a test mode: its name, the flags and the environment that ask for it. */
export const ISOLATED_MODES: [string, string[], Record<string, string>][] = LAUNCHERS.map(([name, env]) => [`--isolate through ${name}`, ['--isolate'], env]);
/** The modes a hostile case runs in: plain (no --isolate), then --isolate through each launcher. */
export const MODES: [string, string[], Record<string, string>][] = [['plain', [], {}], ...ISOLATED_MODES];

// A program that prints node's header of an uncaught exception and a stack frame, both naming the path that the
// JavaScript expression `named` gives (it may use `build`, the program's own build folder), then exits 1.
export function crashLinesNaming(named: string): string {
  return [
    "import { dirname } from 'node:path';",
    "import { fileURLToPath } from 'node:url';",
    'const build = dirname(fileURLToPath(import.meta.url));',
    `const named = ${named};`,
    "process.stderr.write(`${named}:1\\nconsole.log(1);\\n^\\n\\nError: made up\\n    at main (${named}:1:1)\\n`);",
    'process.exitCode = 1;',
    '',
  ].join('\n');
}
