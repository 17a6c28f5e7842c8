// Where `grade --output-file NAME=PATH` writes each submission's report: PATH holds {submission}, or names a directory.

const PLACEHOLDER = '{submission}';
/** The file extension of a reporter's output when PATH is a directory. */
const EXTENSIONS: Record<string, string> = { json: 'json', junit: 'xml', gradescope: 'json' };

// A submission's name made safe as one file name: its last path segment, characters outside [A-Za-z0-9._-] replaced.
function fileSafeName(submission: string): string {
  const last = submission.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? '';
  const safe = last.replace(/[^A-Za-z0-9._-]/g, '_');
  return safe === '' || /^\.+$/.test(safe) ? 'submission' : safe;
}

// One report name per submission, unique in the run (a repeated name gets -2, -3, …), in the given order.
// `resolved` is each submission's absolute path, so "." is named after the folder it is.
export function reportNames(resolved: string[]): string[] {
  const used = new Set<string>();
  return resolved.map((path) => {
    const base = fileSafeName(path);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  });
}

// Why an --output-file PATH cannot hold one report per submission, or undefined when it can.
export function reportPathProblem(reporter: string, path: string, isDirectory: boolean): string | undefined {
  if (path.includes(PLACEHOLDER) || isDirectory || path.endsWith('/')) return undefined;
  return `grade writes one ${reporter} report per submission: put ${PLACEHOLDER} in the path (e.g. --output-file ${reporter}=reports/${PLACEHOLDER}.${EXTENSIONS[reporter] ?? 'txt'}) or name a directory ending in / (got "${path}")`;
}

// The file a reporter writes for one submission.
export function reportPath(reporter: string, path: string, name: string): string {
  if (path.includes(PLACEHOLDER)) return path.split(PLACEHOLDER).join(name);
  return `${path.replace(/\/+$/, '')}/${name}.${EXTENSIONS[reporter] ?? 'txt'}`;
}
