import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// A course folder with a made-up MCP SDK family in its node_modules, for the tests of the packages bundled ahead (an
// isolated build: test/io/sandbox-build-script.test.ts; a host build: test/reference/mcp-package-inlining.test.ts).

/** The program of a course made with `relative`, and what it prints: the SDK's rel.js imports by relative paths a module
 * that does not ask where it lives (bundled) and one that does (left to node), and reports what each gave. */
export const RELATIVE_PROGRAM = {
  source: "const { rel } = await import('@modelcontextprotocol/sdk/rel');\nconsole.log(JSON.stringify(rel()));\n",
  prints: '[42,true]\n',
};

// A course with a made-up SDK family in node_modules: the SDK (an ES module importing its dependencies), an ES module
// dependency, a CommonJS one (that prints as it loads), a CommonJS one that asks where it lives (__dirname: left to node) and a module of the SDK
// that does (import.meta: left to node too). With `relative`, the program is RELATIVE_PROGRAM's instead.
export async function courseWithFamily(dir: string, options: { relative?: boolean } = {}): Promise<void> {
  const pkg = async (name: string, manifest: object, files: Record<string, string>) => {
    await mkdir(join(dir, 'node_modules', name), { recursive: true });
    await writeFile(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, ...manifest }));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, 'node_modules', name, file)), { recursive: true });
      await writeFile(join(dir, 'node_modules', name, file), text);
    }
  };
  await pkg('@modelcontextprotocol/sdk', { type: 'module', exports: { './client': './client.js', './where': './where.js', './rel': './rel.js' }, dependencies: { dep: '*', cjsdep: '*', placed: '*' } }, {
    'client.js': "import { twice } from 'dep';\nimport cjs from 'cjsdep';\nimport placed from 'placed';\nexport const client = () => twice(cjs.base);\nexport const placedDir = placed.dir;\n",
    'where.js': 'export const where = import.meta.url;\n',
    'rel.js': "import { thrice } from './lib/thrice.js';\nimport { where } from './lib/where.js';\nexport const rel = () => [thrice(14), where.endsWith('/node_modules/@modelcontextprotocol/sdk/lib/where.js')];\n",
    'lib/thrice.js': 'export const thrice = (n) => 3 * n;\n',
    'lib/where.js': 'export const where = import.meta.url;\n',
  });
  await pkg('dep', { type: 'module', main: 'index.js' }, { 'index.js': 'export const twice = (n) => 2 * n;\n' });
  // It prints, as it loads, a line that looks like the code cache the build's own node prints last.
  await pkg('cjsdep', { main: 'index.js' }, { 'index.js': "process.stdout.write('dispatch-lab-code-cache:AAAA\\n');\nmodule.exports = { base: 21 };\n" });
  await pkg('placed', { main: 'index.js' }, { 'index.js': 'module.exports = { dir: __dirname };\n' });
  if (options.relative) return void (await writeFile(join(dir, 'program.ts'), RELATIVE_PROGRAM.source));
  await writeFile(
    join(dir, 'program.ts'),
    "const { client, placedDir } = await import('@modelcontextprotocol/sdk/client');\nconst { where } = await import('@modelcontextprotocol/sdk/where');\nconsole.log(client(), where.includes('/node_modules/@modelcontextprotocol/sdk/where.js'), placedDir.endsWith('/node_modules/placed'));\n",
  );
}

export const FAMILY = ['@modelcontextprotocol/sdk', 'dep', 'cjsdep', 'placed'];
