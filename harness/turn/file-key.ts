// The one spelling of a sandbox path: `a.txt`, `./a.txt`, `/a.txt` and `a.txt/` are all `a.txt`;
// `""`, `.` and `/` are `""`, the sandbox root. `..` drops the segment before it (never above the root).
export function fileKey(given: string): string {
  const segments: string[] = [];
  for (const segment of given.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}
