// Per-case resource limits: their sizes as flags write them, and how a run that went over one reads.

/** What one case may use: memory for all of its processes together, and how many processes at once. */
export type CaseLimits = { memoryBytes: number; maxProcesses: number };

/** The limit a run went over. */
export type LimitHit = 'memory' | 'processes';

const MIB = 1024 * 1024;

/** The limits an isolated run uses unless --memory or --max-procs say otherwise. */
export const DEFAULT_LIMITS: CaseLimits = { memoryBytes: 512 * MIB, maxProcesses: 256 };

const UNITS: Record<string, number> = { '': 1, K: 1024, M: MIB, G: 1024 * MIB };

// A size as --memory writes it ("512M", "1G", "800K", "1048576") in bytes; undefined when it is not one.
export function parseSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([KMG]?)(?:i?B)?$/i.exec(text.trim());
  if (!match) return undefined;
  const bytes = Math.floor(Number(match[1]) * (UNITS[(match[2] ?? '').toUpperCase()] ?? 1));
  return bytes > 0 ? bytes : undefined;
}

// A byte count as people read it: "512 MiB", "1.5 GiB", "800 KiB".
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= 1024 * MIB ? ['GiB', 1024 * MIB] : bytes >= MIB ? ['MiB', MIB] : bytes >= 1024 ? ['KiB', 1024] : ['bytes', 1];
  const value = bytes / (size as number);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit as string}`;
}

/** What a program says on stderr when the kernel refused it memory or a new process (rlimits only refuse; nothing counts). */
const MEMORY_REFUSED = /JavaScript heap out of memory|Array buffer allocation failed|Fatal process out of memory|Cannot allocate memory|\bENOMEM\b|std::bad_alloc/;
const PROCESS_REFUSED = /\bEAGAIN\b|Resource temporarily unavailable|Cannot fork|fork: retry/;

// Under rlimits, the limit a failed run's stderr says it met; undefined when it names none.
export function limitHitInStderr(stderr: string): LimitHit | undefined {
  // Crash reports end stderr; a bounded tail keeps this linear whatever the program printed.
  const tail = stderr.slice(-16_384);
  if (MEMORY_REFUSED.test(tail)) return 'memory';
  if (PROCESS_REFUSED.test(tail)) return 'processes';
  return undefined;
}

// The one line a failure over a limit reads as.
export function describeLimit(limit: LimitHit, limits: CaseLimits): string {
  return limit === 'memory'
    ? `memory limit exceeded: the case used more than ${formatBytes(limits.memoryBytes)} (all of its processes together; --memory)`
    : `too many processes: the case tried to run more than ${limits.maxProcesses} at once (--max-procs)`;
}
