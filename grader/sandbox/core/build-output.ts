// What the isolated build's script (io/sandbox-build-script.ts) writes to stdout: one JSON document,
// {"files": [[name, text], …]}, every file of the build by its name in the build folder. The bundle (<bundle>) ends by
// naming its map, the file beside it (<bundle>.map): a linked map, not an inline one, since node reads the whole text
// of a module at every start and an inline map is most of it. The SDK's packages bundled ahead (as a host build does,
// run/io/package-inlining.ts) are files of the build's own packages folder (<packages>/…), which the bundle imports;
// their code cache is bytes, sent as base64 under its name and ".base64" (io/sandbox-build-script.ts, BASE64_SUFFIX).

/** One part of a name in the build folder: no "." or "..", no "/". */
const PART = /^(?!\.\.?$)[A-Za-z0-9._-]+$/;

// The files of the build by name, or undefined when the output is not in that form: not JSON, no bundle, a name twice,
// a text that is not a string, or a name other than the bundle, its map and files under the packages folder.
export function parseBuildOutput(stdout: string, bundleName: string, packagesDir: string): Map<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  const list = (parsed as { files?: unknown } | null)?.files;
  if (!Array.isArray(list)) return undefined;
  const files = new Map<string, string>();
  const isOwnName = (name: string) => name === bundleName || name === `${bundleName}.map` || (name.startsWith(`${packagesDir}/`) && name.slice(packagesDir.length + 1).split('/').every((part) => PART.test(part)));
  for (const entry of list) {
    if (!Array.isArray(entry) || entry.length !== 2) return undefined;
    const [name, text] = entry as unknown[];
    if (typeof name !== 'string' || typeof text !== 'string' || !isOwnName(name) || files.has(name)) return undefined;
    files.set(name, text);
  }
  return files.has(bundleName) ? files : undefined;
}
