import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { killGroup } from './process-sweep.ts';

// What must not outlive the grader even when it exits at once (a second Ctrl-C, process.exit, an internal error):
// process groups to kill and folders to remove, both done synchronously in the process's exit hook.

const groups = new Set<number>();
const folders = new Set<string>();
let isInstalled = false;

function install(): void {
  if (isInstalled) return;
  isInstalled = true;
  process.on('exit', cleanUpNow);
}

// Give back write and search permission below a folder a program locked (chmod 500), so it can be removed.
function unlockSync(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) unlockSync(join(dir, entry.name));
  } catch {
    // Gone or not ours: rmSync below does what it can.
  }
}

function removeSync(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    unlockSync(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

// Kill every tracked process group and remove every tracked folder, now.
export function cleanUpNow(): void {
  for (const group of groups) killGroup(group, 'SIGKILL');
  groups.clear();
  for (const dir of folders) {
    try {
      removeSync(dir);
    } catch {
      // Best effort while exiting.
    }
  }
  folders.clear();
}

// Kill this process group if the grader exits while it runs; returns how to stop tracking it.
export function trackGroup(pid: number): () => void {
  install();
  groups.add(pid);
  return () => void groups.delete(pid);
}

// Remove this folder if the grader exits while it exists; returns how to stop tracking it.
export function trackFolder(path: string): () => void {
  install();
  folders.add(path);
  return () => void folders.delete(path);
}
