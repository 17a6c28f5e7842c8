import { execFileSync } from 'node:child_process';

// Rebuild the CLI bundle once so e2e tests never spawn a stale dist/.
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
