import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { packageRoot } from '../io/package-root.ts';
import { scaffoldCourse } from '../io/scaffold.ts';

// `dispatch-lab init DIR`: scaffold a student course directory and say how to start.
export async function initCommand(args: { target: string }): Promise<number> {
  const root = packageRoot();
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string>; dependencies: Record<string, string> };
  const pick = (name: string) => ours.devDependencies[name] ?? ours.dependencies[name] ?? 'latest';
  const target = resolve(args.target);
  // Installed from the registry, the course asks for this version; run from a checkout of the kit, it links to it.
  const graderSpec = root.split(sep).includes('node_modules') ? `^${ours.version}` : `file:${root}`;
  const files = await scaffoldCourse(root, target, {
    graderSpec,
    dependencies: { picomatch: pick('picomatch'), ajv: pick('ajv'), 'ajv-formats': pick('ajv-formats'), '@modelcontextprotocol/sdk': pick('@modelcontextprotocol/sdk'), zod: pick('zod') },
    devDependencies: { tsx: pick('tsx'), typescript: pick('typescript'), '@types/node': pick('@types/node'), '@types/picomatch': pick('@types/picomatch') },
  });
  const fromHere = relative(process.cwd(), target);
  const shown = fromHere === '' ? '.' : fromHere.startsWith('..') ? target : fromHere;
  process.stdout.write(`created ${shown}/ (${files.length} entries)\n\nnext:\n  cd ${shown}\n  npm install\n  npx dispatch-lab show echo\n  npx dispatch-lab test --watch\n`);
  return 0;
}
