// The machine's busy processor time so far, in ms: every field of /proc/stat's first line but idle and iowait (100
// ticks a second); undefined where there is no /proc/stat. Read before and after a run: what the run cost the machine,
// its children and the kernel's work for them included.
import { readFileSync } from 'node:fs';

export function busyMs() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return ticks.reduce((sum, tick, i) => (i === 3 || i === 4 ? sum : sum + tick), 0) * 10;
  } catch {
    return undefined;
  }
}
