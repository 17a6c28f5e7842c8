import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GraderError } from '../../run/grader-error.ts';

/** npm pack of dispatch-lab takes a few seconds; more means npm is stuck. */
const PACK_TIMEOUT_MS = 300_000;

// `npm pack` of the dispatch-lab package at `root` into `destination`, as npm publishes it (dist/ as built: a checkout
// rebuilds it before any command runs, an install ships it), without its prepack script; the tarball's bytes and name.
export async function packPackage(root: string, destination: string): Promise<{ name: string; bytes: Buffer }> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const output = await new Promise<string>((resolve, reject) => {
    execFile(npm, ['pack', root, '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: destination, timeout: PACK_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new GraderError([`autograder: npm pack of ${root} failed: ${(stderr || error.message).trim().split('\n').slice(-3).join(' ')}`, 'check that npm is on PATH and works here (npm --version)']));
      else resolve(stdout);
    });
  });
  const packed = JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1)) as { filename: string }[];
  const name = packed[0]?.filename;
  if (!name) throw new GraderError([`autograder: npm pack of ${root} named no tarball`]);
  return { name, bytes: await readFile(join(destination, name)) };
}
