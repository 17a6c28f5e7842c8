// Which submissions a `grade --shard I/N` run grades: a deterministic share of them, whatever order the shell listed them in.

/** The I-th of N shares (1-based), as --shard gives it. */
export type Shard = { index: number; count: number };

// The submissions of one shard: sorted by code point, then every N-th starting at the I-th (all of them without a shard).
export function shareOf(submissions: string[], shard: Shard | undefined): string[] {
  if (!shard) return submissions;
  const sorted = [...submissions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}

// The gradebook name of one shard: NAME-I, so the shards of a CI matrix never overwrite each other.
export function shardOutName(out: string, shard: Shard | undefined): string {
  return shard ? `${out}-${shard.index}` : out;
}
