import { describe, expect, it } from 'vitest';
import { type AutograderOptions, runScript, setupScript } from '../../grader/autograder/core/autograder-scripts.ts';

const base: AutograderOptions = { version: '1.2.3', tarball: 'dispatch-lab-1.2.3.tgz', nodeVersion: '20.20.2', hasLock: true, hasPrivateCases: true, isolate: true, stages: [] };

// The grading command of run_autograder, one line.
function command(options: AutograderOptions): string {
  const lines = runScript(options).split('\n');
  const first = lines.findIndex((line) => line.startsWith('"$AUTOGRADER_DIR/node_modules/.bin/dispatch-lab" test'));
  let last = first;
  while (lines[last]?.endsWith('\\')) last++;
  return lines.slice(first, last + 1).map((line) => line.replace(/ \\$/, '').trim()).join(' ');
}
const tail = '--no-color --reporter pretty --output-file "gradescope=$RESULTS/results.json"';

describe('run_autograder', () => {
  it.each<[string, Partial<AutograderOptions>, string]>([
    ['every stage, the private cases, isolated', {}, `--all --cases "$SOURCE/private-cases" --isolate ${tail}`],
    ['stages named, quoted; no private cases; trusted', { stages: ['echo', "it's"], hasPrivateCases: false, isolate: false }, `--stage 'echo' --stage 'it'\\''s' --no-isolate ${tail}`],
    ['limits and a timeout', { timeoutMs: 5000, memory: '1G', maxProcs: 64, jobs: 2 }, `--all --cases "$SOURCE/private-cases" --isolate --timeout 5000 --memory '1G' --max-procs 64 --jobs 2 ${tail}`],
  ])('%s', (_, options, flags) => {
    expect(command({ ...base, ...options })).toBe(`"$AUTOGRADER_DIR/node_modules/.bin/dispatch-lab" test --dir "$SUBMISSION" ${flags}`);
  });

  it('takes its paths from AUTOGRADER_DIR, writes a results.json when dispatch-lab wrote none, and always exits 0', () => {
    const script = runScript(base);
    expect(script).toContain('AUTOGRADER_DIR="${AUTOGRADER_DIR:-/autograder}"');
    expect(script).toContain('if [ ! -s "$RESULTS/results.json" ]; then');
    expect(script.trimEnd().split('\n').at(-1)).toBe('exit 0');
  });
});

describe('setup.sh', () => {
  it.each<[string, Partial<AutograderOptions>, string[], string[]]>([
    ['with a lockfile, isolated, private cases', {}, ['npm ci --omit=dev --ignore-scripts', 'apt-get install -y -qq bubblewrap', "chmod -R go-rwx 'dispatch-lab-1.2.3.tgz' private-cases"], ['npm install']],
    ['without a lockfile, trusted, no private cases', { hasLock: false, isolate: false, hasPrivateCases: false }, ['npm install --omit=dev --ignore-scripts', "chmod -R go-rwx 'dispatch-lab-1.2.3.tgz'\n"], ['npm ci', 'bubblewrap', 'private-cases']],
  ])('%s', (_, options, present, absent) => {
    const script = setupScript({ ...base, ...options });
    for (const text of present) expect(script).toContain(text);
    for (const text of absent) expect(script).not.toContain(text);
  });

  it('installs the Node it was made with unless a Node 20.19+ is there or DISPATCH_LAB_SKIP_SYSTEM_INSTALL=1', () => {
    const script = setupScript(base);
    expect(script).toContain("NODE_VERSION='20.20.2'");
    expect(script).toContain('if [ "${DISPATCH_LAB_SKIP_SYSTEM_INSTALL:-}" = 1 ] || has_node; then');
    expect(script).toContain('sha256sum -c -');
  });
});
