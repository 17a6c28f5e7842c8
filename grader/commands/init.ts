import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { packageRoot } from '../course/io/package-root.ts';
import { scaffoldCourse } from '../course/io/scaffold.ts';
import { graderSpec, type GraderOrigin } from '../course/core/grader-spec.ts';
import { courseReadme } from '../course/core/course-readme.ts';
import { starterStubs } from '../course/core/starter-stubs.ts';
import { loadCourse } from '../run/course-loader.ts';
import { coursePackageVersions, pinnedVersion } from '../autograder/core/course-packages.ts';

type Lock = { packages?: Record<string, { resolved?: string }> };

// Where this dispatch-lab came from: a checkout (not under node_modules), or an install whose lockfile (npm's hidden
// node_modules/.package-lock.json, else the project's package-lock.json) says file:… (a tarball) or else the registry.
function originOf(root: string, version: string): GraderOrigin {
  const at = root.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return { kind: 'checkout', path: root };
  const project = root.slice(0, at);
  const key = relative(project, root).split(sep).join('/');
  for (const lockFile of [join(project, 'node_modules', '.package-lock.json'), join(project, 'package-lock.json')]) {
    if (!existsSync(lockFile)) continue;
    try {
      const resolved = (JSON.parse(readFileSync(lockFile, 'utf8')) as Lock).packages?.[key]?.resolved;
      if (resolved?.startsWith('file:')) return { kind: 'file', path: resolve(project, resolved.slice('file:'.length)) };
      if (resolved) break;
    } catch {
      // An unreadable lockfile says nothing: the registry version is the best guess.
    }
  }
  return { kind: 'registry', version };
}

// `dispatch-lab init DIR`: scaffold a student course directory and say how to start.
export async function initCommand(args: { target: string }): Promise<number> {
  const root = packageRoot();
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; devDependencies?: Record<string, string>; dependencies: Record<string, string> };
  const pick = (name: string) => pinnedVersion(ours, name);
  const target = resolve(args.target);
  const spec = graderSpec(originOf(root, ours.version), (path) => relative(target, path).split(sep).join('/'));
  const course = await loadCourse(root);
  const starterSources = join(root, 'starter', 'src');
  const stubs = starterStubs(readdirSync(starterSources).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(starterSources, f), 'utf8')));
  const files = await scaffoldCourse(root, target, {
    versions: {
      graderSpec: spec,
      dependencies: coursePackageVersions(ours),
      devDependencies: { tsx: pick('tsx'), typescript: pick('typescript'), '@types/node': pick('@types/node'), '@types/picomatch': pick('@types/picomatch') },
    },
    readme: courseReadme(course.stages, stubs),
  });
  const fromHere = relative(process.cwd(), target);
  const shown = fromHere === '' ? '.' : fromHere.startsWith('..') ? target : fromHere;
  const note = spec.startsWith('file:') ? `\ndispatch-lab comes from ${spec} (relative to the course): keep them side by side, or change it in package.json\n` : '';
  process.stdout.write(`created ${shown}/ (${files.length} entries)\n${note}\nnext:\n  cd ${shown}\n  npm install\n  npx dispatch-lab show echo\n  npx dispatch-lab test --watch\n`);
  return 0;
}
