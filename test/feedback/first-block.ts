/** The first detailed failure block of a pretty report, read back: the paths it names and its answering lines. */
export type FirstBlock = { text: string; paths: string[]; answers: string[] };

// The first block that starts with "✗ " at the start of a line, up to its rerun line (undefined when none).
export function firstBlock(output: string): FirstBlock | undefined {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => l.startsWith('✗ '));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('  rerun:'));
  const block = lines.slice(start, end < 0 ? undefined : end + 1);
  const differs = block.indexOf('  what differs:');
  // "exit code: expected 0, received 1" names the exit code, as a mistake pattern does: exitCode.
  const paths = differs < 0 ? [] : block.slice(differs + 1).filter((l) => /^ {4}\S/.test(l)).map((l) => /^ {4}(exit code|[^:\s]+):/.exec(l)?.[1]?.replace('exit code', 'exitCode') ?? '').filter((p) => p !== '');
  const answers = block.filter((l) => /^ {2}(note|likely mistake|known mistake|its hint|hint):/.test(l));
  return { text: block.join('\n'), paths, answers };
}
