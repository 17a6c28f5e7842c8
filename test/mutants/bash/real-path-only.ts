// Mutant: only real paths are compared, so ../back-in.txt, a link beside the sandbox pointing back in, counts as inside.
// Replaces: reference/sandbox.ts
// Caught by: lexical-escape-through-a-link-back-in
import fs from 'node:fs/promises';
import path from 'node:path';
import { Failure } from '../../../reference/failure.ts';

// The directory the tools work in: model paths are resolved inside it and never leave it.
export class Sandbox {
  #realRoot: Promise<string> | undefined;

  // `root` is a host directory; every model path is relative to it.
  constructor(readonly root: string) {}

  // The host path for a model path, or a Failure when it would leave the sandbox.
  // Leading slashes mean the root, so "/a.txt" is "a.txt" and "" / "." / "/" are the root.
  async resolve(given: string): Promise<string | Failure> {
    const hostPath = path.resolve(this.root, given.replace(/^\/+/, ''));
    // A symlink inside may still point outside: compare real paths too.
    this.#realRoot ??= fs.realpath(this.root);
    const [realRoot, realPath] = await Promise.all([this.#realRoot, realpathOfDeepest(hostPath)]);
    return isInside(realRoot, realPath) ? hostPath : escapes(given);
  }

  // The root-relative, `/`-separated name of a host path inside the sandbox.
  relative(hostPath: string): string {
    return path.relative(this.root, hostPath).split(path.sep).join('/');
  }
}

function escapes(given: string): Failure {
  return new Failure(`Error: Path escapes the sandbox: ${given}`);
}

// Whether `candidate` is `root` or below it ("" counts: it is root itself), compared as paths, not text.
function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

const MAX_LINK_HOPS = 40;

// The real path of `hostPath` where it exists; for the part that does not exist yet, the real path
// of its deepest existing ancestor with the rest appended. A dangling symlink is followed to its
// target, so creating through it cannot write outside.
async function realpathOfDeepest(hostPath: string, hops = 0): Promise<string> {
  try {
    return await fs.realpath(hostPath);
  } catch (error) {
    if (!isUnresolvable(error)) throw error;
  }
  const parent = path.dirname(hostPath);
  if (parent === hostPath) return hostPath;
  const realParent = await realpathOfDeepest(parent, hops);
  const target = await readlinkOrNull(hostPath);
  if (target !== null && hops < MAX_LINK_HOPS) {
    return realpathOfDeepest(path.resolve(realParent, target), hops + 1);
  }
  return path.join(realParent, path.basename(hostPath));
}

async function readlinkOrNull(hostPath: string): Promise<string | null> {
  try {
    return await fs.readlink(hostPath);
  } catch {
    return null;
  }
}

// Whether realpath failed because the path (or part of it) does not exist, or loops.
function isUnresolvable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'ENOENT' ||
    code === 'ENOTDIR' ||
    code === 'ELOOP'
  );
}
