// The packages a student's solution may import at run time (the starter's package.json dependencies), pinned at the
// versions dispatch-lab itself is built and tested with: `init` writes them into a course, `autograder` installs them
// beside the grader so a submission finds them.

/** The names, in the order a course's package.json lists them. */
export const COURSE_PACKAGES = ['picomatch', 'ajv', 'ajv-formats', '@modelcontextprotocol/sdk', 'zod'] as const;

/** The parts of dispatch-lab's package.json that pin them. */
export type PinningManifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

// The version dispatch-lab pins for a package (a dev dependency first, as the tests use it), else "latest".
export function pinnedVersion(manifest: PinningManifest, name: string): string {
  return manifest.devDependencies?.[name] ?? manifest.dependencies?.[name] ?? 'latest';
}

// The course's run-time packages with the versions dispatch-lab pins.
export function coursePackageVersions(manifest: PinningManifest): Record<string, string> {
  return Object.fromEntries(COURSE_PACKAGES.map((name) => [name, pinnedVersion(manifest, name)]));
}
