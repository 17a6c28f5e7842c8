// The environment a test gives a child process: the runner's own, less the variables named. The colour switches are
// the usual ones to drop: vitest sets FORCE_COLOR for itself, a developer's shell may set NO_COLOR, and node warns on
// stderr when it starts with both set (whatever their values), which a test that reads stderr exactly would see.
export const COLOUR_SWITCHES = ['FORCE_COLOR', 'NO_COLOR'] as const;

export function envWithout(names: Iterable<string>, drop: (key: string) => boolean = () => false): Record<string, string> {
  const dropped = new Set(names);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !dropped.has(key) && !drop(key)) env[key] = value;
  return env;
}
