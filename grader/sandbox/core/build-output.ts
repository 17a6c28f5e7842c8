// What the isolated build's script (io/sandbox-build-script.ts) writes to stdout: the length of the bundle's text (in
// UTF-16 code units, JavaScript's string length) on a line of its own, the bundle, whose last line names its map as the
// file beside it (<bundle>.map), then the map. A linked map, not an inline one: node reads the whole text of a module
// at every start, and an inline map is most of it.

/** The bundle and its map (empty when the build wrote none), or undefined when the output is not in that form. */
export function splitBuildOutput(stdout: string): { bundle: string; map: string } | undefined {
  const end = stdout.indexOf('\n');
  if (end === -1 || !/^\d+$/.test(stdout.slice(0, end))) return undefined;
  const length = Number(stdout.slice(0, end));
  const rest = stdout.slice(end + 1);
  if (length > rest.length) return undefined;
  return { bundle: rest.slice(0, length), map: rest.slice(length) };
}
