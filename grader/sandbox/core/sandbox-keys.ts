// Sandbox paths in a case's input ("sandbox": {path: text}) name files the harness writes inside a fresh temp dir:
// a path that is empty, absolute, "." or climbs out with ".." would write elsewhere or crash the harness.
// A path ending in "/" with the value "" declares an empty directory ({"build/": ""}).

// Why a sandbox path cannot be used, or undefined when it names a file inside the sandbox.
export function sandboxKeyProblem(key: string): string | undefined {
  if (key === '') return 'is empty';
  if (key.includes('\u0000')) return 'holds a NUL character';
  if (/^([\\/]|[A-Za-z]:)/.test(key)) return 'is absolute';
  const parts = key.split(/[\\/]/);
  if (parts.includes('..')) return 'contains ".." (it would climb out of the sandbox)';
  if (parts.every((p) => p === '' || p === '.')) return 'names the sandbox folder itself, not a file in it';
  if (/[\\/]$/.test(key)) return 'ends with "/" (it must name a file)';
  return undefined;
}

// Why a sandbox entry cannot be seeded: a file path's problem, or a directory entry ("dir/") whose value is not "".
export function sandboxEntryProblem(key: string, value: unknown): string | undefined {
  if (!/[\\/]$/.test(key) || key.replace(/[\\/]+$/, '') === '') return sandboxKeyProblem(key);
  if (value !== '') return 'ends with "/", which declares an empty directory: its value must be ""';
  return sandboxKeyProblem(key.replace(/[\\/]+$/, ''));
}

// Every unusable sandbox path of a case input, as "where: what" lines.
export function sandboxKeyProblems(input: unknown): string[] {
  const sandbox = (input as { sandbox?: unknown } | null)?.sandbox;
  if (sandbox === null || typeof sandbox !== 'object' || Array.isArray(sandbox)) return [];
  return Object.entries(sandbox).flatMap(([key, value]) => {
    const problem = sandboxEntryProblem(key, value);
    return problem ? [`$.input.sandbox[${JSON.stringify(key)}]: a sandbox path must name a file inside the sandbox; this one ${problem}`] : [];
  });
}
